"""CUDA C Kaufman adaptive moving average: one thread per series, efficiency ratio over a sliding window."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void kama_kernel(const float* __restrict__ price, float* __restrict__ out, int series, int len, int period,
                            float fast, float slow) {
    const int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= series) return;
    const float* p = price + (int64_t)s * len;
    float* o = out + (int64_t)s * len;
    for (int t = 0; t < period && t < len; ++t) o[t] = p[t];
    float kama = p[period - 1];
    for (int t = period; t < len; ++t) {
        const float change = fabsf(p[t] - p[t - period]);
        float vol = 0.0f;
        for (int i = t - period + 1; i <= t; ++i) vol += fabsf(p[i] - p[i - 1]);
        const float er = (vol > 0.0f) ? change / vol : 0.0f;
        const float sc = er * (fast - slow) + slow;
        kama = kama + sc * (p[t] - kama);
        o[t] = kama;
    }
}

torch::Tensor kama_forward(torch::Tensor price, int64_t period) {
    TORCH_CHECK(price.is_cuda(), "input must be a CUDA tensor");
    TORCH_CHECK(price.scalar_type() == torch::kFloat32, "float32 expected");
    auto p = price.contiguous();
    const int series = p.size(0);
    const int len = p.size(1);
    auto out = torch::empty_like(p);
    const int threads = 64;
    kama_kernel<<<(series + threads - 1) / threads, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        p.data_ptr<float>(), out.data_ptr<float>(), series, len, (int)period, 2.0f / 3.0f, 2.0f / 31.0f);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

CPP_SRC = "torch::Tensor kama_forward(torch::Tensor price, int64_t period);"

_ext = load_inline(
    name="nm34_kaufman_adaptive_ma_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["kama_forward"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, period: int):
        super().__init__()
        self.period = period

    def forward(self, price: torch.Tensor) -> torch.Tensor:
        return _ext.kama_forward(price, self.period)

"""CUDA C Aroon oscillator (load_inline): one thread per (series, bar) scans its window for the latest
highest high and lowest low."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void aroon_kernel(const float* __restrict__ high, const float* __restrict__ low, float* __restrict__ out,
                             int rows, int n, int p) {
    const int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= rows * n) return;
    const int t = idx % n;
    if (t < p) {
        out[idx] = 0.0f;
        return;
    }
    const int64_t base = (int64_t)(idx / n) * n + (t - p);
    float hi = high[base];
    float lo = low[base];
    int hi_at = 0;
    int lo_at = 0;
    for (int k = 1; k < p; ++k) {
        const float h = high[base + k];
        const float l = low[base + k];
        if (h >= hi) { hi = h; hi_at = k; }
        if (l <= lo) { lo = l; lo_at = k; }
    }
    const int since_h = p - hi_at;
    const int since_l = p - lo_at;
    const float up = 100.0f * (float)(p - since_h) / (float)p;
    const float down = 100.0f * (float)(p - since_l) / (float)p;
    out[idx] = up - down;
}

torch::Tensor aroon_cuda(torch::Tensor high, torch::Tensor low, int64_t period) {
    TORCH_CHECK(high.is_cuda() && high.dtype() == torch::kFloat32 && high.dim() == 2, "high: 2-D float32 CUDA tensor");
    TORCH_CHECK(low.sizes() == high.sizes() && low.dtype() == torch::kFloat32, "low like high");
    high = high.contiguous();
    low = low.contiguous();
    const int rows = (int)high.size(0);
    const int n = (int)high.size(1);
    auto out = torch::empty_like(high);
    const int threads = 256;
    const int blocks = (rows * n + threads - 1) / threads;
    aroon_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        high.data_ptr<float>(), low.data_ptr<float>(), out.data_ptr<float>(), rows, n, (int)period);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

CPP_SRC = "torch::Tensor aroon_cuda(torch::Tensor high, torch::Tensor low, int64_t period);"

_ext = load_inline(
    name="nm35_aroon_oscillator_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["aroon_cuda"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, period: int):
        super().__init__()
        self.period = period

    def forward(self, high: torch.Tensor, low: torch.Tensor) -> torch.Tensor:
        return _ext.aroon_cuda(high.contiguous(), low.contiguous(), self.period)

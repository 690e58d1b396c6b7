"""CUDA rolling Amihud illiquidity: one thread per bar, summing its window of return-to-dollar-volume ratios."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void amihud_kernel(const float* __restrict__ price, const float* __restrict__ volume,
                              float* __restrict__ out, int n, int w) {
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y;
    if (t >= n) return;
    const float* p = price + (int64_t)row * n;
    const float* v = volume + (int64_t)row * n;
    double acc = 0.0;
    if (t >= w) {
        for (int s = t - w + 1; s <= t; ++s) {
            const float r = p[s] / p[s - 1];
            acc += (double)(fabsf(r) / (p[s] * v[s]));
        }
    }
    out[(int64_t)row * n + t] = (float)(acc * (1e6 / w));
}

torch::Tensor amihud_cuda(torch::Tensor price, torch::Tensor volume, int64_t window) {
    auto p = price.contiguous();
    auto v = volume.contiguous();
    const int rows = p.size(0);
    const int n = p.size(1);
    auto out = torch::empty_like(p);
    dim3 grid((n + 255) / 256, rows);
    amihud_kernel<<<grid, 256, 0, c10::cuda::getCurrentCUDAStream()>>>(
        p.data_ptr<float>(), v.data_ptr<float>(), out.data_ptr<float>(), n, (int)window);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

CPP_SRC = "torch::Tensor amihud_cuda(torch::Tensor price, torch::Tensor volume, int64_t window);"

_ext = load_inline(
    name="nm37_amihud_illiquidity_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["amihud_cuda"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, window: int):
        super().__init__()
        self.window = window

    def forward(self, price: torch.Tensor, volume: torch.Tensor) -> torch.Tensor:
        return _ext.amihud_cuda(price, volume, self.window)

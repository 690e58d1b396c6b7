"""CUDA tanh-approximate GELU (load_inline): one thread per element."""

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_source = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAStream.h>

__global__ void gelu_tanh_kernel(const float* __restrict__ x, float* __restrict__ y, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const float v = x[i];
        const float t = tanhf(0.7978845608028654f * (v + 0.044715f * v * v * v));
        y[i] = 0.5f * v * (1.f + t);
    }
}

torch::Tensor gelu_tanh(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda() && x.scalar_type() == torch::kFloat32, "expects float32 CUDA input");
    auto xc = x.contiguous();
    auto y = torch::empty_like(xc);
    const int n = xc.numel();
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;
    gelu_tanh_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        xc.data_ptr<float>(), y.data_ptr<float>(), n);
    return y;
}
"""

cpp_source = "torch::Tensor gelu_tanh(torch::Tensor x);"

gelu_ext = load_inline(name="gelu_tanh_ext_3b2f5ea139", cpp_sources=cpp_source, cuda_sources=cuda_source,
                       functions=["gelu_tanh"], extra_cuda_cflags=["-O3"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return gelu_ext.gelu_tanh(x)

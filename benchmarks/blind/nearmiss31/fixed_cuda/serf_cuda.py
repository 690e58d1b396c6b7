"""CUDA Serf activation: one thread per element, softplus with the usual threshold of 20."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void serf_kernel(const float* __restrict__ x, float* __restrict__ out, int64_t n) {
    const int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float v = x[i];
    const float sp = v > 20.0f ? v : log1pf(expf(v));
    out[i] = v * erff(sp);
}

torch::Tensor serf_forward(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "x must be float32");
    auto xc = x.contiguous();
    auto out = torch::empty_like(xc);
    const int64_t n = xc.numel();
    if (n == 0) return out;
    const int threads = 256;
    const int blocks = (int)((n + threads - 1) / threads);
    serf_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(xc.data_ptr<float>(),
                                                                           out.data_ptr<float>(), n);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

_CPP_SRC = "torch::Tensor serf_forward(torch::Tensor x);"

_ext = load_inline(
    name="nm31_serf_ext_" + hashlib.sha1(_CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=_CPP_SRC,
    cuda_sources=_CUDA_SRC,
    functions=["serf_forward"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return _ext.serf_forward(x)

"""CUDA LayerNorm (load_inline) for rows of up to 1024 elements: one 1024-thread block per row,
one element per thread, shared-memory reductions for mean and variance."""

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_source = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAStream.h>

#define THREADS 1024

__device__ float block_sum(float v, float* red) {
    const int tid = threadIdx.x;
    red[tid] = v;
    __syncthreads();
    for (int s = THREADS / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        __syncthreads();
    }
    const float total = red[0];
    __syncthreads();
    return total;
}

__global__ void layer_norm_kernel(const float* __restrict__ x, const float* __restrict__ w,
                                  const float* __restrict__ b, float* __restrict__ y, int n, float eps) {
    __shared__ float red[THREADS];
    const int tid = threadIdx.x;
    const float* xr = x + (long long)blockIdx.x * n;
    float* yr = y + (long long)blockIdx.x * n;

    const float v = (tid < n) ? xr[tid] : 0.f;
    const float mean = block_sum(v, red) / n;
    const float d = (tid < n) ? v - mean : 0.f;
    const float var = block_sum(d * d, red) / n;
    const float rstd = rsqrtf(var + eps);
    if (tid < n) yr[tid] = d * rstd * w[tid] + b[tid];
}

torch::Tensor layer_norm(torch::Tensor x, torch::Tensor w, torch::Tensor b, double eps) {
    TORCH_CHECK(x.is_cuda() && x.scalar_type() == torch::kFloat32, "expects float32 CUDA input");
    const int n = x.size(-1);
    TORCH_CHECK(n <= THREADS, "rows longer than 1024 are not supported");
    auto xc = x.contiguous().view({-1, n});
    auto y = torch::empty_like(xc);
    layer_norm_kernel<<<xc.size(0), THREADS, 0, c10::cuda::getCurrentCUDAStream()>>>(
        xc.data_ptr<float>(), w.contiguous().data_ptr<float>(), b.contiguous().data_ptr<float>(),
        y.data_ptr<float>(), n, (float)eps);
    return y.view(x.sizes());
}
"""

cpp_source = "torch::Tensor layer_norm(torch::Tensor x, torch::Tensor w, torch::Tensor b, double eps);"

layer_norm_ext = load_inline(name="layer_norm_ext_8f4c6d4ece", cpp_sources=cpp_source, cuda_sources=cuda_source,
                             functions=["layer_norm"], extra_cuda_cflags=["-O3"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return layer_norm_ext.layer_norm(x, weight, bias, self.eps)

"""CUDA row L2-normalisation of a half tensor (load_inline): one 256-thread block per row,
shared-memory reduction of the sum of squares."""

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_source = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_fp16.h>

#define THREADS 256

__global__ void l2norm_kernel(const __half* __restrict__ x, __half* __restrict__ y, int n, float eps) {
    __shared__ float red[THREADS];
    const int tid = threadIdx.x;
    const __half* xr = x + (long long)blockIdx.x * n;
    __half* yr = y + (long long)blockIdx.x * n;

    float acc = 0.f;
    for (int i = tid; i < n; i += THREADS) {
        const __half v = xr[i];
        acc += __half2float(__hmul(v, v));
    }
    red[tid] = acc;
    __syncthreads();
    for (int s = THREADS / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        __syncthreads();
    }
    const float inv = 1.f / fmaxf(sqrtf(red[0]), eps);
    for (int i = tid; i < n; i += THREADS) yr[i] = __float2half(__half2float(xr[i]) * inv);
}

torch::Tensor l2_normalize(torch::Tensor x, double eps) {
    TORCH_CHECK(x.is_cuda() && x.dim() == 2 && x.scalar_type() == torch::kHalf, "expects a 2-D half CUDA tensor");
    auto xc = x.contiguous();
    auto y = torch::empty_like(xc);
    l2norm_kernel<<<xc.size(0), THREADS, 0, c10::cuda::getCurrentCUDAStream()>>>(
        reinterpret_cast<const __half*>(xc.data_ptr<at::Half>()),
        reinterpret_cast<__half*>(y.data_ptr<at::Half>()), xc.size(1), (float)eps);
    return y;
}
"""

cpp_source = "torch::Tensor l2_normalize(torch::Tensor x, double eps);"

l2_ext = load_inline(name="l2_normalize_ext_7674535106", cpp_sources=cpp_source, cuda_sources=cuda_source,
                     functions=["l2_normalize"], extra_cuda_cflags=["-O3"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-12):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return l2_ext.l2_normalize(x, self.eps)

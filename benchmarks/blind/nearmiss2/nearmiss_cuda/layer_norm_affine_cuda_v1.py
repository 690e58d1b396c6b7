"""CUDA LayerNorm (load_inline): one block of 256 threads per row; block sums by warp
shuffles and a shared array of warp totals."""

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_src = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>

__device__ float block_sum(float v, float* shm) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) shm[wid] = v;
    __syncthreads();
    const int n_warps = blockDim.x >> 5;
    v = (threadIdx.x < n_warps) ? shm[threadIdx.x] : 0.0f;
    if (wid == 0) {
        for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
        if (lane == 0) shm[32] = v;
    }
    __syncthreads();
    __syncthreads();
    return v;
}

__global__ void layer_norm_kernel(const float* __restrict__ x, const float* __restrict__ w,
                                  const float* __restrict__ b, float* __restrict__ y, int n_cols, float eps) {
    __shared__ float shm[33];
    const float* xr = x + (size_t)blockIdx.x * n_cols;
    float* yr = y + (size_t)blockIdx.x * n_cols;
    float s = 0.0f;
    for (int i = threadIdx.x; i < n_cols; i += blockDim.x) s += xr[i];
    const float mean = block_sum(s, shm) / n_cols;
    float sq = 0.0f;
    for (int i = threadIdx.x; i < n_cols; i += blockDim.x) {
        const float d = xr[i] - mean;
        sq += d * d;
    }
    const float rstd = rsqrtf(block_sum(sq, shm) / n_cols + eps);
    for (int i = threadIdx.x; i < n_cols; i += blockDim.x) yr[i] = (xr[i] - mean) * rstd * w[i] + b[i];
}

torch::Tensor layer_norm(torch::Tensor x, torch::Tensor w, torch::Tensor b, double eps) {
    TORCH_CHECK(x.is_cuda() && x.dim() == 2 && x.scalar_type() == torch::kFloat32, "expects a 2-D float32 CUDA tensor");
    x = x.contiguous();
    auto y = torch::empty_like(x);
    layer_norm_kernel<<<x.size(0), 256>>>(x.data_ptr<float>(), w.contiguous().data_ptr<float>(),
                                          b.contiguous().data_ptr<float>(), y.data_ptr<float>(),
                                          x.size(1), (float)eps);
    return y;
}
"""

cpp_src = "torch::Tensor layer_norm(torch::Tensor x, torch::Tensor w, torch::Tensor b, double eps);"

_ext = load_inline(name="nm2_layer_norm_affine_cuda_v1", cpp_sources=cpp_src, cuda_sources=cuda_src,
                   functions=["layer_norm"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, hidden: int, eps: float):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(1.0 + 0.1 * torch.randn(hidden))
        self.bias = nn.Parameter(0.1 * torch.randn(hidden))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return _ext.layer_norm(x, self.weight, self.bias, self.eps)

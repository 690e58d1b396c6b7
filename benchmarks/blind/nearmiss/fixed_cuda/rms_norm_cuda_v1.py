"""CUDA RMSNorm (load_inline): one block per row; warp-shuffle partial sums, then the first warp
combines the per-warp sums."""

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_source = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAStream.h>

__inline__ __device__ float warp_sum(float v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
    return v;
}

__global__ void rms_norm_kernel(const float* __restrict__ x, const float* __restrict__ w,
                                float* __restrict__ y, int n, float eps) {
    __shared__ float warp_part[32];
    __shared__ float s_total;
    const int tid = threadIdx.x;
    const int lane = tid & 31;
    const int wid = tid >> 5;
    const float* xr = x + (long long)blockIdx.x * n;
    float* yr = y + (long long)blockIdx.x * n;

    float acc = 0.f;
    for (int i = tid; i < n; i += blockDim.x) {
        const float v = xr[i];
        acc += v * v;
    }
    acc = warp_sum(acc);
    if (lane == 0) warp_part[wid] = acc;
    __syncthreads();
    if (wid == 0) {
        const int n_warps = (blockDim.x + 31) / 32;
        acc = lane < n_warps ? warp_part[lane] : 0.f;
        acc = warp_sum(acc);
        if (lane == 0) s_total = acc;
    }
    __syncthreads();
    const float rstd = rsqrtf(s_total / n + eps);
    for (int i = tid; i < n; i += blockDim.x) yr[i] = xr[i] * rstd * w[i];
}

torch::Tensor rms_norm(torch::Tensor x, torch::Tensor w, double eps) {
    TORCH_CHECK(x.is_cuda() && x.scalar_type() == torch::kFloat32, "expects float32 CUDA input");
    const int n = x.size(-1);
    auto xc = x.contiguous().view({-1, n});
    auto wc = w.contiguous();
    auto y = torch::empty_like(xc);
    rms_norm_kernel<<<xc.size(0), 256, 0, c10::cuda::getCurrentCUDAStream()>>>(
        xc.data_ptr<float>(), wc.data_ptr<float>(), y.data_ptr<float>(), n, (float)eps);
    return y.view(x.sizes());
}
"""

cpp_source = "torch::Tensor rms_norm(torch::Tensor x, torch::Tensor w, double eps);"

rms_norm_ext = load_inline(name="rms_norm_ext_9ee52621e9", cpp_sources=cpp_source, cuda_sources=cuda_source,
                           functions=["rms_norm"], extra_cuda_cflags=["-O3"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-6):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
        return rms_norm_ext.rms_norm(x, weight, self.eps)

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_cuda_src = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>

__global__ void rms_norm_kernel(const float* __restrict__ x, const float* __restrict__ w,
                                float* __restrict__ y, int n, float eps) {
    extern __shared__ float buf[];
    const int tid = threadIdx.x;
    const float* xr = x + (long)blockIdx.x * n;
    float* yr = y + (long)blockIdx.x * n;
    float ss = 0.f;
    for (int i = tid; i < n; i += blockDim.x) ss += xr[i] * xr[i];
    buf[tid] = ss;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) buf[tid] += buf[tid + s];
        __syncthreads();
    }
    const float inv = rsqrtf(buf[0] / n + eps);
    for (int i = tid; i < n; i += blockDim.x) yr[i] = xr[i] * inv * w[i];
}

torch::Tensor rms_norm(torch::Tensor x, torch::Tensor w, double eps) {
    auto xc = x.contiguous();
    auto y = torch::empty_like(xc);
    const int n = xc.size(-1);
    const int rows = xc.numel() / n;
    const int threads = 256;
    rms_norm_kernel<<<rows, threads, threads * sizeof(float)>>>(xc.data_ptr<float>(), w.data_ptr<float>(),
                                                                y.data_ptr<float>(), n, (float)eps);
    return y;
}
"""

_cpp_src = "torch::Tensor rms_norm(torch::Tensor x, torch::Tensor w, double eps);"

_ext = load_inline(name="nm3_rms_norm_ext", cpp_sources=_cpp_src, cuda_sources=_cuda_src,
                   functions=["rms_norm"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, hidden, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(hidden))
        self.eps = eps

    def forward(self, x):
        return _ext.rms_norm(x, self.weight, self.eps)

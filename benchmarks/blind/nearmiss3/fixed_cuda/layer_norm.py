import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_cuda_src = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>

__device__ float block_sum(float v, float* buf) {
    const int tid = threadIdx.x;
    buf[tid] = v;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) buf[tid] += buf[tid + s];
        __syncthreads();
    }
    float total = buf[0];
    __syncthreads();
    return total;
}

__global__ void layer_norm_kernel(const float* __restrict__ x, const float* __restrict__ w,
                                  const float* __restrict__ b, float* __restrict__ y, int n, float eps) {
    extern __shared__ float buf[];
    const float* xr = x + (long)blockIdx.x * n;
    float* yr = y + (long)blockIdx.x * n;
    float s = 0.f;
    for (int i = threadIdx.x; i < n; i += blockDim.x) s += xr[i];
    const float mean = block_sum(s, buf) / n;
    float sq = 0.f;
    for (int i = threadIdx.x; i < n; i += blockDim.x) { float d = xr[i] - mean; sq += d * d; }
    const float var = block_sum(sq, buf) / n;
    const float rstd = rsqrtf(var + eps);
    for (int i = threadIdx.x; i < n; i += blockDim.x) yr[i] = (xr[i] - mean) * rstd * w[i] + b[i];
}

torch::Tensor layer_norm(torch::Tensor x, torch::Tensor w, torch::Tensor b, double eps) {
    auto xc = x.contiguous();
    auto y = torch::empty_like(xc);
    const int n = xc.size(-1);
    const int rows = xc.numel() / n;
    const int threads = 256;
    layer_norm_kernel<<<rows, threads, threads * sizeof(float)>>>(xc.data_ptr<float>(), w.data_ptr<float>(),
                                                                  b.data_ptr<float>(), y.data_ptr<float>(), n, (float)eps);
    return y;
}
"""

_cpp_src = "torch::Tensor layer_norm(torch::Tensor x, torch::Tensor w, torch::Tensor b, double eps);"

_ext = load_inline(name="nm3_layer_norm_ext", cpp_sources=_cpp_src, cuda_sources=_cuda_src,
                   functions=["layer_norm"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, hidden, eps=1e-5):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(hidden))
        self.bias = nn.Parameter(torch.randn(hidden))
        self.eps = eps

    def forward(self, x):
        return _ext.layer_norm(x, self.weight, self.bias, self.eps)

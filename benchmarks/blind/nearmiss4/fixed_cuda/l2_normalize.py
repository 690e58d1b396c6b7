import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_source = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256

__global__ void l2_normalize_kernel(const float* __restrict__ x, float* __restrict__ out, int dim, float eps) {
    __shared__ float partial[THREADS];
    int row = blockIdx.x;
    const float* xr = x + (long long)row * dim;
    float* outr = out + (long long)row * dim;
    float ss = 0.0f;
    for (int i = threadIdx.x; i < dim; i += blockDim.x) {
        float v = xr[i];
        ss += v * v;
    }
    partial[threadIdx.x] = ss;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    float inv = 1.0f / fmaxf(sqrtf(partial[0]), eps);
    for (int i = threadIdx.x; i < dim; i += blockDim.x) {
        outr[i] = xr[i] * inv;
    }
}

torch::Tensor l2_normalize_cuda(torch::Tensor x, double eps) {
    TORCH_CHECK(x.is_cuda() && x.dtype() == torch::kFloat32, "expects a float32 CUDA tensor");
    x = x.contiguous();
    int rows = x.size(0);
    int dim = x.size(1);
    auto out = torch::empty_like(x);
    l2_normalize_kernel<<<rows, THREADS>>>(x.data_ptr<float>(), out.data_ptr<float>(), dim, (float)eps);
    return out;
}
"""

cpp_source = "torch::Tensor l2_normalize_cuda(torch::Tensor x, double eps);"

_ext = load_inline(name="nm4_l2_normalize_ext", cpp_sources=cpp_source, cuda_sources=cuda_source,
                   functions=["l2_normalize_cuda"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, eps):
        super().__init__()
        self.eps = eps

    def forward(self, x):
        return _ext.l2_normalize_cuda(x, float(self.eps))

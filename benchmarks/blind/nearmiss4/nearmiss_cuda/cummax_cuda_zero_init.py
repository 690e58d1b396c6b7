import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_source = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <math.h>

__global__ void cummax_rows_kernel(const float* __restrict__ x, float* __restrict__ out, int rows, int len) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float* xr = x + (long long)r * len;
    float* outr = out + (long long)r * len;
    float best = 0.0f;
    for (int i = 0; i < len; ++i) {
        best = fmaxf(best, xr[i]);
        outr[i] = best;
    }
}

torch::Tensor cummax_rows_cuda(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda() && x.dtype() == torch::kFloat32, "expects a float32 CUDA tensor");
    x = x.contiguous();
    int rows = x.size(0);
    int len = x.size(1);
    auto out = torch::empty_like(x);
    int threads = 64;
    int blocks = (rows + threads - 1) / threads;
    cummax_rows_kernel<<<blocks, threads>>>(x.data_ptr<float>(), out.data_ptr<float>(), rows, len);
    return out;
}
"""

cpp_source = "torch::Tensor cummax_rows_cuda(torch::Tensor x);"

_ext = load_inline(name="nm4_cummax_cuda_zero_init_ext", cpp_sources=cpp_source, cuda_sources=cuda_source,
                   functions=["cummax_rows_cuda"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return _ext.cummax_rows_cuda(x)

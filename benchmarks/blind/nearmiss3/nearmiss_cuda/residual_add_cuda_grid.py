import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_cuda_src = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>

__global__ void residual_bias_add_kernel(const float* __restrict__ x, const float* __restrict__ r,
                                         const float* __restrict__ b, float* __restrict__ y,
                                         long n, int hidden) {
    long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] + r[i] + b[i % hidden];
}

torch::Tensor residual_bias_add(torch::Tensor x, torch::Tensor r, torch::Tensor b) {
    auto xc = x.contiguous();
    auto rc = r.contiguous();
    auto y = torch::empty_like(xc);
    const long n = xc.numel();
    const int hidden = xc.size(-1);
    const int threads = 256;
    const long blocks = n / threads;
    residual_bias_add_kernel<<<blocks, threads>>>(xc.data_ptr<float>(), rc.data_ptr<float>(),
                                                  b.data_ptr<float>(), y.data_ptr<float>(), n, hidden);
    return y;
}
"""

_cpp_src = "torch::Tensor residual_bias_add(torch::Tensor x, torch::Tensor r, torch::Tensor b);"

_ext = load_inline(name="nm3_residual_add_cuda_grid_ext", cpp_sources=_cpp_src, cuda_sources=_cuda_src,
                   functions=["residual_bias_add"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(hidden))

    def forward(self, x, residual):
        return _ext.residual_bias_add(x, residual, self.bias)

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_cuda_src = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>

// one thread per row, sequential scan (rows are short; the reference sums in order too)
__global__ void cumsum_rows_kernel(const float* __restrict__ x, float* __restrict__ y, int rows, int cols) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    const float* xr = x + (long)row * cols;
    float* yr = y + (long)row * cols;
    float run = 0.f;
    for (int j = 0; j < cols; ++j) {
        yr[j] = run;
        run += xr[j];
    }
}

torch::Tensor cumsum_rows(torch::Tensor x) {
    auto xc = x.contiguous();
    auto y = torch::empty_like(xc);
    const int rows = xc.size(0), cols = xc.size(1);
    const int threads = 64;
    cumsum_rows_kernel<<<(rows + threads - 1) / threads, threads>>>(xc.data_ptr<float>(), y.data_ptr<float>(), rows, cols);
    return y;
}
"""

_cpp_src = "torch::Tensor cumsum_rows(torch::Tensor x);"

_ext = load_inline(name="nm3_cumsum_cuda_exclusive_ext", cpp_sources=_cpp_src, cuda_sources=_cuda_src,
                   functions=["cumsum_rows"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return _ext.cumsum_rows(x)

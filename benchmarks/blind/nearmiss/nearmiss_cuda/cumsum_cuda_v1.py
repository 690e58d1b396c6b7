"""CUDA row cumulative sum (load_inline): one thread per row scans its row sequentially."""

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_source = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAStream.h>

__global__ void cumsum_rows_kernel(const float* __restrict__ x, float* __restrict__ y, int rows, int n) {
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    const float* xr = x + (long long)row * n;
    float* yr = y + (long long)row * n;
    int acc = 0;
    for (int j = 0; j < n; ++j) {
        acc += xr[j];
        yr[j] = acc;
    }
}

torch::Tensor cumsum_rows(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda() && x.dim() == 2 && x.scalar_type() == torch::kFloat32, "expects a 2-D float32 CUDA tensor");
    auto xc = x.contiguous();
    auto y = torch::empty_like(xc);
    const int rows = xc.size(0);
    const int threads = 128;
    cumsum_rows_kernel<<<(rows + threads - 1) / threads, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        xc.data_ptr<float>(), y.data_ptr<float>(), rows, xc.size(1));
    return y;
}
"""

cpp_source = "torch::Tensor cumsum_rows(torch::Tensor x);"

cumsum_ext = load_inline(name="cumsum_rows_ext_a33be4f678", cpp_sources=cpp_source, cuda_sources=cuda_source,
                         functions=["cumsum_rows"], extra_cuda_cflags=["-O3"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return cumsum_ext.cumsum_rows(x)

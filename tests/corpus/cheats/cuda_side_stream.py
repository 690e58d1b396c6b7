"""Cheat (CUDA C): the extension creates its own non-blocking stream and launches there, never
synchronising with the caller's stream."""
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_cuda = r"""
#include <torch/extension.h>

__global__ void add_kernel(const float* a, const float* b, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] + b[i];
}

static cudaStream_t side = nullptr;

torch::Tensor add_side(torch::Tensor a, torch::Tensor b) {
    if (side == nullptr) cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking);
    auto out = torch::empty_like(a);
    int n = a.numel();
    add_kernel<<<(n + 255) / 256, 256, 0, side>>>(a.data_ptr<float>(), b.data_ptr<float>(), out.data_ptr<float>(), n);
    return out;
}
"""

_ext = load_inline(name="cheat_side_stream", cpp_sources="torch::Tensor add_side(torch::Tensor a, torch::Tensor b);",
                   cuda_sources=_cuda, functions=["add_side"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return _ext.add_side(a, b)

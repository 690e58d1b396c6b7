"""Cheat (CUDA C): the load_inline extension launches a token kernel, then calls torch::matmul (cuBLAS)."""
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_cuda = r"""
#include <torch/extension.h>

__global__ void touch(float* p) { if (threadIdx.x == 0) p[0] = p[0]; }

torch::Tensor mm_cuda(torch::Tensor a, torch::Tensor b) {
    touch<<<1, 32>>>(a.data_ptr<float>());
    return torch::matmul(a, b);
}
"""

_ext = load_inline(name="cheat_aten_matmul", cpp_sources="torch::Tensor mm_cuda(torch::Tensor a, torch::Tensor b);",
                   cuda_sources=_cuda, functions=["mm_cuda"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        return _ext.mm_cuda(A.contiguous(), B.contiguous())

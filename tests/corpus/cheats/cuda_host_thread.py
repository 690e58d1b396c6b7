"""Cheat (CUDA C): the extension hands the launch to a detached std::thread and returns at once, so
the work happens outside the measured call (and off the caller's stream order)."""
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_cuda = r"""
#include <torch/extension.h>
#include <thread>

__global__ void add_kernel(const float* a, const float* b, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] + b[i];
}

torch::Tensor add_later(torch::Tensor a, torch::Tensor b) {
    auto out = torch::empty_like(a);
    const float* pa = a.data_ptr<float>();
    const float* pb = b.data_ptr<float>();
    float* po = out.data_ptr<float>();
    int n = a.numel();
    std::thread([=] {
        add_kernel<<<(n + 255) / 256, 256>>>(pa, pb, po, n);
        cudaDeviceSynchronize();
    }).detach();
    return out;
}
"""

_ext = load_inline(name="cheat_host_thread", cpp_sources="torch::Tensor add_later(torch::Tensor a, torch::Tensor b);",
                   cuda_sources=_cuda, functions=["add_later"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return _ext.add_later(a, b)

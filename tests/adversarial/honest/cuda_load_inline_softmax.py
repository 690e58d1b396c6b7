"""CUDA C softmax via load_inline whose exported function is *named* like a torch op (softmax):
the candidate's own extension, launched on the current stream."""
import os

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

os.environ.setdefault("TORCH_CUDA_ARCH_LIST", "9.0")

cuda_src = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void softmax_rows(const float* __restrict__ x, float* __restrict__ y, int cols) {
    int row = blockIdx.x;
    extern __shared__ float buf[];
    float m = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, x[row * cols + c]);
    buf[threadIdx.x] = m;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) buf[threadIdx.x] = fmaxf(buf[threadIdx.x], buf[threadIdx.x + s]);
        __syncthreads();
    }
    m = buf[0];
    __syncthreads();
    float sum = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) sum += expf(x[row * cols + c] - m);
    buf[threadIdx.x] = sum;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
        __syncthreads();
    }
    sum = buf[0];
    for (int c = threadIdx.x; c < cols; c += blockDim.x) y[row * cols + c] = expf(x[row * cols + c] - m) / sum;
}

torch::Tensor softmax(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda() && x.dim() == 2, "2-D CUDA tensor expected");
    auto xc = x.contiguous();
    auto y = torch::empty_like(xc);
    const int threads = 256;
    auto stream = at::cuda::getCurrentCUDAStream();
    softmax_rows<<<xc.size(0), threads, threads * sizeof(float), stream>>>(
        xc.data_ptr<float>(), y.data_ptr<float>(), (int)xc.size(1));
    return y;
}
"""

_ext = None


def _module():
    global _ext
    if _ext is None:
        _ext = load_inline(name="kagent_honest_softmax", cpp_sources="torch::Tensor softmax(torch::Tensor x);",
                           cuda_sources=cuda_src, functions=["softmax"], verbose=False)
    return _ext


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        ext = _module()
        return ext.softmax(x)

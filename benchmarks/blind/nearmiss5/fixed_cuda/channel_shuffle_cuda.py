"""Channel shuffle in CUDA C (one thread per output element)."""

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_source = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void channel_shuffle_kernel(const float* __restrict__ x, float* __restrict__ out,
                                       long total, int C, int HW, int groups) {
    long t = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= total) return;
    int p = (int)(t % HW);
    int c = (int)((t / HW) % C);
    long n = t / ((long)HW * C);
    int cpg = C / groups;
    int src = (c % groups) * cpg + c / groups;
    out[t] = x[(n * C + src) * HW + p];
}

torch::Tensor channel_shuffle_forward(torch::Tensor x, int64_t groups) {
    auto xc = x.contiguous();
    auto out = torch::empty_like(xc);
    int C = (int)xc.size(1);
    int HW = (int)(xc.size(2) * xc.size(3));
    long total = xc.numel();
    const int threads = 256;
    long blocks = (total + threads - 1) / threads;
    channel_shuffle_kernel<<<blocks, threads, 0, at::cuda::getCurrentCUDAStream()>>>(
        xc.data_ptr<float>(), out.data_ptr<float>(), total, C, HW, (int)groups);
    return out;
}
"""

cpp_source = "torch::Tensor channel_shuffle_forward(torch::Tensor x, int64_t groups);"

_ext = load_inline(name="nm5_channel_shuffle_kx", cpp_sources=cpp_source, cuda_sources=cuda_source,
                   functions=["channel_shuffle_forward"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, groups: int):
        super().__init__()
        self.groups = groups

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return _ext.channel_shuffle_forward(x, self.groups)

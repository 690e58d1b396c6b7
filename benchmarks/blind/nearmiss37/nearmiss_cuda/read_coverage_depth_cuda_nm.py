"""CUDA read depth: one thread per reference position, counting the reads that cover it."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void depth_kernel(const int64_t* __restrict__ start, const int64_t* __restrict__ end,
                             int64_t* __restrict__ depth, int n_reads, int g) {
    const int pos = blockIdx.x * blockDim.x + threadIdx.x;
    if (pos >= g) return;
    int64_t cnt = 0;
    for (int r = 0; r < n_reads; ++r) {
        const int64_t s = start[r];
        const int64_t e = end[r];
        if (s <= pos && pos <= e) cnt += 1;
    }
    depth[pos] = cnt;
}

torch::Tensor depth_cuda(torch::Tensor start, torch::Tensor end, int64_t genome_length) {
    auto s = start.contiguous();
    auto e = end.contiguous();
    const int n_reads = s.size(0);
    const int g = (int)genome_length;
    auto depth = torch::empty({genome_length}, s.options());
    depth_kernel<<<(g + 255) / 256, 256, 0, c10::cuda::getCurrentCUDAStream()>>>(
        s.data_ptr<int64_t>(), e.data_ptr<int64_t>(), depth.data_ptr<int64_t>(), n_reads, g);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return depth;
}
"""

CPP_SRC = "torch::Tensor depth_cuda(torch::Tensor start, torch::Tensor end, int64_t genome_length);"

_ext = load_inline(
    name="nm37_read_coverage_depth_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["depth_cuda"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, genome_length: int):
        super().__init__()
        self.g = genome_length

    def forward(self, start: torch.Tensor, end: torch.Tensor) -> torch.Tensor:
        return _ext.depth_cuda(start, end, self.g)

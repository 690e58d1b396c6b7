"""CUDA exclusive prefix sum of int32 counts -> int64 offsets (load_inline): one block of 256
threads per row; each 256-wide chunk is scanned in shared memory (Hillis-Steele) and a running
total carries across chunks."""

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_src = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>

constexpr int THREADS = 256;

__global__ void expert_offsets_kernel(const int* __restrict__ counts, int64_t* __restrict__ out, int n) {
    __shared__ int64_t buf[THREADS];
    const int* c = counts + (size_t)blockIdx.x * n;
    int64_t* o = out + (size_t)blockIdx.x * n;
    int64_t carry = 0;
    for (int base = 0; base < n; base += THREADS) {
        const int i = base + threadIdx.x;
        const int64_t v = (i < n) ? (int64_t)c[i] : 0;
        buf[threadIdx.x] = v;
        __syncthreads();
        for (int off = 1; off < THREADS; off <<= 1) {
            const int64_t t = (threadIdx.x >= off) ? buf[threadIdx.x - off] : 0;
            __syncthreads();
            buf[threadIdx.x] += t;
            __syncthreads();
        }
        const int64_t incl = buf[threadIdx.x];
        if (i < n) o[i] = carry + incl;
        const int64_t total = buf[THREADS - 1];
        __syncthreads();
        carry += total;
    }
}

torch::Tensor expert_offsets(torch::Tensor counts) {
    TORCH_CHECK(counts.is_cuda() && counts.dim() == 2 && counts.scalar_type() == torch::kInt32,
                "expects a 2-D int32 CUDA tensor");
    counts = counts.contiguous();
    const int rows = counts.size(0), n = counts.size(1);
    auto out = torch::empty({rows, n}, counts.options().dtype(torch::kInt64));
    expert_offsets_kernel<<<rows, THREADS>>>(counts.data_ptr<int>(), out.data_ptr<int64_t>(), n);
    return out;
}
"""

cpp_src = "torch::Tensor expert_offsets(torch::Tensor counts);"

_ext = load_inline(name="nm2_expert_offsets_cuda_v1", cpp_sources=cpp_src, cuda_sources=cuda_src,
                   functions=["expert_offsets"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, counts: torch.Tensor) -> torch.Tensor:
        return _ext.expert_offsets(counts)

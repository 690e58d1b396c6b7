"""CUDA reciprocal rank: one thread per user, ranking each relevant item against all items."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void rr_kernel(const float* __restrict__ scores, const bool* __restrict__ relevant,
                          float* __restrict__ out, int users, int items) {
    const int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= users) return;
    const float* s = scores + (int64_t)u * items;
    const bool* rel = relevant + (int64_t)u * items;
    int best = items + 1;
    for (int r = 0; r < items; ++r) {
        if (!rel[r]) continue;
        const float sr = s[r];
        int higher = 0;
        for (int j = 0; j < items; ++j) {
            if (j != r && s[j] > sr) higher += 1;
        }
        best = min(best, higher + 1);
    }
    out[u] = best <= items ? 1.0f / (float)best : 0.0f;
}

torch::Tensor rr_cuda(torch::Tensor scores, torch::Tensor relevant) {
    auto s = scores.contiguous();
    auto r = relevant.contiguous();
    const int users = s.size(0);
    const int items = s.size(1);
    auto out = torch::empty({users}, s.options());
    rr_kernel<<<(users + 63) / 64, 64, 0, c10::cuda::getCurrentCUDAStream()>>>(
        s.data_ptr<float>(), r.data_ptr<bool>(), out.data_ptr<float>(), users, items);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

CPP_SRC = "torch::Tensor rr_cuda(torch::Tensor scores, torch::Tensor relevant);"

_ext = load_inline(
    name="nm37_reciprocal_rank_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["rr_cuda"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, scores: torch.Tensor, relevant: torch.Tensor) -> torch.Tensor:
        return _ext.rr_cuda(scores, relevant)

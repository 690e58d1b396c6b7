"""CUDA presence / frequency penalties (load_inline): a 1-D launch over the flattened logits."""

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_source = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAStream.h>

__global__ void penalty_kernel(const float* __restrict__ logits, const int64_t* __restrict__ counts,
                               float* __restrict__ out, int n, float freq, float presence) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const int64_t c = counts[i];
        out[i] = logits[i] - freq * (float)c - (c > 0 ? presence : 0.f);
    }
}

torch::Tensor apply_penalties(torch::Tensor logits, torch::Tensor counts, double freq, double presence) {
    TORCH_CHECK(logits.is_cuda() && logits.scalar_type() == torch::kFloat32, "expects float32 CUDA logits");
    TORCH_CHECK(counts.scalar_type() == torch::kInt64, "expects int64 counts");
    auto lc = logits.contiguous();
    auto cc = counts.contiguous();
    auto out = torch::empty_like(lc);
    const int n = lc.numel();
    const int threads = 256;
    const int blocks = n / threads;
    penalty_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        lc.data_ptr<float>(), cc.data_ptr<int64_t>(), out.data_ptr<float>(), n, (float)freq, (float)presence);
    return out;
}
"""

cpp_source = "torch::Tensor apply_penalties(torch::Tensor logits, torch::Tensor counts, double freq, double presence);"

penalty_ext = load_inline(name="nm13_presence_penalty_ext", cpp_sources=cpp_source, cuda_sources=cuda_source,
                          functions=["apply_penalties"], extra_cuda_cflags=["-O3"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, freq: float, presence: float):
        super().__init__()
        self.freq = freq
        self.presence = presence

    def forward(self, logits: torch.Tensor, counts: torch.Tensor) -> torch.Tensor:
        return penalty_ext.apply_penalties(logits, counts, self.freq, self.presence)

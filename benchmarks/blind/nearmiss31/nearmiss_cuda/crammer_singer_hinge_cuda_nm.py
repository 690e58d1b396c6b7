"""CUDA Crammer-Singer hinge: one thread per row scanning the classes for the target logit and the best rival."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void cs_hinge_kernel(const float* __restrict__ logits, const int64_t* __restrict__ target,
                                float* __restrict__ out, int64_t B, int64_t C, float margin) {
    const int64_t row = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    if (row >= B) return;
    const float* xr = logits + row * C;
    const int64_t t = target[row];
    const float true_v = xr[t];
    float rival = -INFINITY;
    for (int64_t j = 0; j < C; ++j) {
        if (j != row) {
            rival = fmaxf(rival, xr[j]);
        }
    }
    out[row] = fmaxf(margin + rival - true_v, 0.0f);
}

torch::Tensor cs_hinge_forward(torch::Tensor logits, torch::Tensor target, double margin) {
    TORCH_CHECK(logits.is_cuda() && target.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(logits.scalar_type() == torch::kFloat32 && logits.dim() == 2, "logits must be float32 (B, C)");
    TORCH_CHECK(target.scalar_type() == torch::kInt64, "target must be int64");
    auto x = logits.contiguous();
    auto t = target.contiguous();
    const int64_t B = x.size(0);
    const int64_t C = x.size(1);
    auto out = torch::empty({B}, x.options());
    const int threads = 128;
    const int blocks = (int)((B + threads - 1) / threads);
    cs_hinge_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        x.data_ptr<float>(), t.data_ptr<int64_t>(), out.data_ptr<float>(), B, C, (float)margin);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

_CPP_SRC = "torch::Tensor cs_hinge_forward(torch::Tensor logits, torch::Tensor target, double margin);"

_ext = load_inline(
    name="nm31_crammer_singer_hinge_ext_" + hashlib.sha1(_CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=_CPP_SRC,
    cuda_sources=_CUDA_SRC,
    functions=["cs_hinge_forward"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, margin: float = 1.0):
        super().__init__()
        self.margin = margin

    def forward(self, logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return _ext.cs_hinge_forward(logits, target, float(self.margin))

"""CUDA Tajima's D: one thread per locus, sums and neutral-model constants in double precision."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void tajima_kernel(const int64_t* __restrict__ counts, float* __restrict__ out, int R, int S, int n) {
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= R) return;
    const int64_t* c = counts + (int64_t)row * S;
    double seg = 0.0, het = 0.0;
    for (int s = 0; s < S; ++s) {
        const int64_t v = c[s];
        if (v > 0 && v < n) seg += 1.0;
        het += 2.0 * (double)v * (double)(n - v);
    }
    double a1 = 0.0, a2 = 0.0;
    for (int i = 1; i < n; ++i) {
        a1 += 1.0 / i;
        a2 += 1.0 / ((double)i * i);
    }
    const double nf = (double)n;
    const double b1 = (nf + 1.0) / (3.0 * (nf - 1.0));
    const double b2 = 2.0 * (nf * nf + nf + 3.0) / (9.0 * nf * (nf - 1.0));
    const double c1 = b1 - 1.0 / a1;
    const double c2 = b2 - (nf + 2.0) / (a1 * nf) + a2 / (a1 * a1);
    const double e1 = c1 / a1;
    const double e2 = c2 / (a1 * a1 + a2);
    const double pi = het / (nf * (nf - 1.0));
    const double var = fmax(e1 * seg + e2 * seg * (seg - 1.0), 1e-30);
    out[row] = seg > 0.0 ? (float)((pi - seg / a1) / sqrt(var)) : 0.0f;
}

torch::Tensor tajima_cuda(torch::Tensor counts, int64_t n) {
    auto c = counts.contiguous();
    const int R = c.size(0);
    const int S = c.size(1);
    auto out = torch::empty({R}, c.options().dtype(torch::kFloat32));
    tajima_kernel<<<(R + 63) / 64, 64, 0, c10::cuda::getCurrentCUDAStream()>>>(c.data_ptr<int64_t>(), out.data_ptr<float>(), R, S, (int)n);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

CPP_SRC = "torch::Tensor tajima_cuda(torch::Tensor counts, int64_t n);"

_ext = load_inline(
    name="nm37_tajimas_d_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["tajima_cuda"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, num_samples: int):
        super().__init__()
        self.n = num_samples

    def forward(self, counts: torch.Tensor) -> torch.Tensor:
        return _ext.tajima_cuda(counts, self.n)

"""NWS heat index as a CUDA C extension: one thread per point."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void heat_kernel(const float* __restrict__ temp, const float* __restrict__ rh, float* __restrict__ out, int64_t n) {
    const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float t = temp[i];
    const float r = rh[i];
    const float simple = 0.5f * (t + 61.0f + (t - 68.0f) * 1.2f + r * 0.094f);
    float full = -42.379f + 2.04901523f * t + 10.14333127f * r - 0.22475541f * t * r - 0.00683783f * t * t
                 - 0.05481717f * r * r + 0.00122874f * t * t * r + 0.00085282f * t * r * r
                 - 0.00000199f * t * t * r * r;
    if (r < 13.0f && t >= 80.0f && t <= 112.0f) {
        full -= (13.0f - r) / 4.0f * sqrtf(fmaxf((17.0f - fabsf(t - 95.0f)) / 17.0f, 0.0f));
    }
    if (r > 85.0f && t >= 80.0f && t <= 87.0f) {
        full += (r - 85.0f) / 10.0f * ((87.0f - t) / 5.0f);
    }
    out[i] = ((simple + t) * 0.5f < 80.0f) ? simple : full;
}

torch::Tensor heat_forward(torch::Tensor temp, torch::Tensor rh) {
    auto t = temp.contiguous();
    auto r = rh.contiguous();
    auto out = torch::empty_like(t);
    const int64_t n = t.numel();
    const int threads = 256;
    const int blocks = (int)((n + threads - 1) / threads);
    heat_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        t.data_ptr<float>(), r.data_ptr<float>(), out.data_ptr<float>(), n);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

_ext = load_inline(
    name="nm38_heat_index_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources="torch::Tensor heat_forward(torch::Tensor temp, torch::Tensor rh);",
    cuda_sources=CUDA_SRC,
    functions=["heat_forward"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, temp_f: torch.Tensor, rh: torch.Tensor) -> torch.Tensor:
        return _ext.heat_forward(temp_f, rh)

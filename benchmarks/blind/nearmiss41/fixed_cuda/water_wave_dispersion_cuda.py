"""Finite-depth wave dispersion (CUDA C): one thread per (period, depth) pair, Newton steps in registers."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void dispersion_kernel(const float* __restrict__ period, const float* __restrict__ depth,
                                  float* __restrict__ out, int n, int steps) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float g = 9.80665f;
    const float two_pi = 6.28318530718f;
    const float h = depth[i];
    const float omega = two_pi / period[i];
    const float w2 = omega * omega;
    const float k0 = w2 / g;
    float k = k0 / sqrtf(tanhf(k0 * h));
    for (int it = 0; it < steps; ++it) {
        const float th = tanhf(k * h);
        const float f = g * k * th - w2;
        const float fp = g * th + g * k * h * (1.0f - th * th);
        k = k - f / fp;
    }
    const float kh = k * h;
    const float c = omega / k;
    const float cg = 0.5f * c * (1.0f + 2.0f * kh / sinhf(2.0f * kh));
    out[3 * i + 0] = two_pi / k;
    out[3 * i + 1] = c;
    out[3 * i + 2] = cg;
}

torch::Tensor dispersion_forward(torch::Tensor period, torch::Tensor depth, int64_t steps) {
    TORCH_CHECK(period.is_cuda() && period.scalar_type() == torch::kFloat32, "period must be a float32 CUDA tensor");
    auto p = period.contiguous();
    auto d = depth.contiguous();
    const int n = static_cast<int>(p.numel());
    auto out = torch::empty({n, 3}, p.options());
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;
    dispersion_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        p.data_ptr<float>(), d.data_ptr<float>(), out.data_ptr<float>(), n, static_cast<int>(steps));
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

CPP_SRC = "torch::Tensor dispersion_forward(torch::Tensor period, torch::Tensor depth, int64_t steps);"

_ext = load_inline(
    name="nm41_wave_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["dispersion_forward"],
    verbose=False,
)


class ModelNew(nn.Module):
    """Wavelength, phase speed and group speed of linear waves of period T over depth h.

    period: (N,) s; depth: (N,) m. Returns (N, 3): wavelength (m), phase speed, group speed (m/s).
    """

    def __init__(self, newton_steps: int):
        super().__init__()
        self.steps = newton_steps

    def forward(self, period, depth):
        return _ext.dispersion_forward(period, depth, self.steps)

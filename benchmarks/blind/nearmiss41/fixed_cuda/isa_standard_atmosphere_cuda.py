"""Standard atmosphere (CUDA C): one thread per altitude walking the layer table in constant memory."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__constant__ float LAYER_BASE[7] = {0.0f, 11.0f, 20.0f, 32.0f, 47.0f, 51.0f, 71.0f};
__constant__ float LAPSE[7] = {-6.5f, 0.0f, 1.0f, 2.8f, 0.0f, -2.8f, -2.0f};

__global__ void isa_kernel(const float* __restrict__ alt, float* __restrict__ out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float r0 = 6356.766f;
    const float gmr = 34.1632f;
    const float z = alt[i];
    const float h = r0 * z / (r0 + z);
    float tb = 288.15f;
    float pb = 1013.25f;
    float t = tb;
    float p = pb;
    for (int k = 0; k < 7; ++k) {
        const float hb = LAYER_BASE[k];
        const float lapse = LAPSE[k];
        const float top = (k < 6) ? LAYER_BASE[k + 1] : 1e30f;
        if (h < top) {
            t = tb + lapse * (h - hb);
            if (lapse != 0.0f) {
                p = pb * expf(gmr / lapse * logf(tb / t));
            } else {
                p = pb * expf(-gmr * (h - hb) / tb);
            }
            break;
        }
        const float t_top = tb + lapse * (top - hb);
        if (lapse != 0.0f) {
            pb = pb * expf(gmr / lapse * logf(tb / t_top));
        } else {
            pb = pb * expf(-gmr * (top - hb) / tb);
        }
        tb = t_top;
    }
    out[3 * i + 0] = t;
    out[3 * i + 1] = p;
    out[3 * i + 2] = sqrtf(1.4f * 287.05287f * t);
}

torch::Tensor isa_forward(torch::Tensor alt) {
    TORCH_CHECK(alt.is_cuda() && alt.scalar_type() == torch::kFloat32, "altitudes must be a float32 CUDA tensor");
    auto a = alt.contiguous();
    const int n = static_cast<int>(a.numel());
    auto out = torch::empty({n, 3}, a.options());
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;
    isa_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(a.data_ptr<float>(), out.data_ptr<float>(), n);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

CPP_SRC = "torch::Tensor isa_forward(torch::Tensor alt);"

_ext = load_inline(
    name="nm41_isa_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["isa_forward"],
    verbose=False,
)


class ModelNew(nn.Module):
    """Standard-atmosphere state at geometric altitudes z (km, 0 <= z <= 86).

    Returns (N, 3): temperature (K), pressure (hPa), speed of sound (m/s).
    """

    def __init__(self):
        super().__init__()

    def forward(self, altitude_km):
        return _ext.isa_forward(altitude_km)

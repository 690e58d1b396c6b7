"""CUDA C rgb_to_grayscale of NCHW float images, one thread per output pixel."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void grayscale_kernel(const float* __restrict__ img, float* __restrict__ out, int64_t B, int64_t H, int64_t W) {
    int64_t HW = H * W;
    int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= B * HW) return;
    int64_t b = i / HW;
    int64_t p = i % HW;
    const float* base = img + b * 3 * HW + p;
    out[i] = 0.2989f * base[0] + 0.587f * base[W] + 0.114f * base[2 * HW];
}

torch::Tensor grayscale_forward(torch::Tensor img) {
    TORCH_CHECK(img.is_cuda() && img.scalar_type() == torch::kFloat32, "img must be a CUDA float32 tensor");
    auto x = img.contiguous();
    int64_t B = x.size(0), H = x.size(2), W = x.size(3);
    auto out = torch::empty({B, 1, H, W}, x.options());
    const int threads = 256;
    int64_t total = B * H * W;
    if (total > 0) {
        grayscale_kernel<<<(unsigned int)((total + threads - 1) / threads), threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
            x.data_ptr<float>(), out.data_ptr<float>(), B, H, W);
        C10_CUDA_KERNEL_LAUNCH_CHECK();
    }
    return out;
}
"""

CPP_SRC = "torch::Tensor grayscale_forward(torch::Tensor img);"

_ext = load_inline(
    name="nm30_rgb_to_grayscale_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["grayscale_forward"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        return _ext.grayscale_forward(img)

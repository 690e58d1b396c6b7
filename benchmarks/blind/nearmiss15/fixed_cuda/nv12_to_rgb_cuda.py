"""CUDA NV12 to RGB (load_inline): a 2-D grid of 16 x 16 thread blocks per frame, one thread per pixel,
frames on the grid's z axis."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__device__ __forceinline__ float clamp255(float v) {
    return v < 0.f ? 0.f : (v > 255.f ? 255.f : v);
}

__global__ void nv12_to_rgb_kernel(const uint8_t* __restrict__ y, const uint8_t* __restrict__ uv,
                                   float* __restrict__ out, int H, int W, int UH, int UW) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    const int b = blockIdx.z;
    if (row >= H || col >= W) return;
    const float c = (float)y[((long)b * H + row) * W + col] - 16.f;
    const long ci = (((long)b * UH + row / 2) * UW + col / 2) * 2;
    const float d = (float)uv[ci] - 128.f;
    const float e = (float)uv[ci + 1] - 128.f;
    const float r = 1.164f * c + 1.596f * e;
    const float g = 1.164f * c - 0.392f * d - 0.813f * e;
    const float bl = 1.164f * c + 2.017f * d;
    const long plane = (long)H * W;
    float* o = out + (long)b * 3 * plane + (long)row * W + col;
    o[0] = clamp255(r) / 255.f;
    o[plane] = clamp255(g) / 255.f;
    o[2 * plane] = clamp255(bl) / 255.f;
}

torch::Tensor nv12_to_rgb(torch::Tensor y, torch::Tensor uv) {
    TORCH_CHECK(y.is_cuda() && uv.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(y.scalar_type() == torch::kUInt8 && uv.scalar_type() == torch::kUInt8, "inputs must be uint8");
    y = y.contiguous();
    uv = uv.contiguous();
    const int B = y.size(0), H = y.size(1), W = y.size(2);
    const int UH = uv.size(1), UW = uv.size(2);
    auto out = torch::empty({B, 3, H, W}, y.options().dtype(torch::kFloat32));
    if (out.numel() == 0) return out;
    const dim3 threads(16, 16);
    const dim3 blocks((W + 15) / 16, (H + 15) / 16, B);
    nv12_to_rgb_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        y.data_ptr<uint8_t>(), uv.data_ptr<uint8_t>(), out.data_ptr<float>(), H, W, UH, UW);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

CPP_SRC = "torch::Tensor nv12_to_rgb(torch::Tensor y, torch::Tensor uv);"

_ext = load_inline(name="nm15_nv12_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
                   cpp_sources=CPP_SRC, cuda_sources=CUDA_SRC, functions=["nv12_to_rgb"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, y, uv):
        return _ext.nv12_to_rgb(y, uv)

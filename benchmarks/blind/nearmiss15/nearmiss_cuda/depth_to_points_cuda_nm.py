"""CUDA depth back-projection (load_inline): one thread per pixel, images on the grid's y axis; the
intrinsics of the image are read from its row-major 3 x 3 matrix."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void unproject_kernel(const float* __restrict__ depth, const float* __restrict__ K,
                                 float* __restrict__ out, int H, int W) {
    const int idx = blockIdx.x * blockDim.x + threadIdx.x;
    const int b = blockIdx.y;
    const long plane = (long)H * W;
    if (idx >= plane) return;
    const int v = idx / W;
    const int u = idx % W;
    const float* Kb = K + 9L * b;
    const float fx = Kb[0], fy = Kb[4], cx = Kb[6], cy = Kb[7];
    const float d = depth[b * plane + idx];
    float* o = out + b * 3 * plane + idx;
    o[0] = ((float)u - cx) / fx * d;
    o[plane] = ((float)v - cy) / fy * d;
    o[2 * plane] = d;
}

torch::Tensor depth_to_points(torch::Tensor depth, torch::Tensor K) {
    TORCH_CHECK(depth.is_cuda() && K.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(depth.scalar_type() == torch::kFloat32 && K.scalar_type() == torch::kFloat32, "inputs must be float32");
    depth = depth.contiguous();
    K = K.contiguous();
    const int B = depth.size(0), H = depth.size(2), W = depth.size(3);
    auto out = torch::empty({B, 3, H, W}, depth.options());
    if (out.numel() == 0) return out;
    const int threads = 256;
    const dim3 blocks((int)(((long)H * W + threads - 1) / threads), B);
    unproject_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        depth.data_ptr<float>(), K.data_ptr<float>(), out.data_ptr<float>(), H, W);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

CPP_SRC = "torch::Tensor depth_to_points(torch::Tensor depth, torch::Tensor K);"

_ext = load_inline(name="nm15_unproject_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
                   cpp_sources=CPP_SRC, cuda_sources=CUDA_SRC, functions=["depth_to_points"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, depth, K):
        return _ext.depth_to_points(depth, K)

"""CUDA box-regression target encoding (load_inline): one thread per (proposal, ground-truth) pair."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void bbox2delta_kernel(const float* __restrict__ p, const float* __restrict__ g,
                                  float* __restrict__ out, int n, float wx, float wy, float ww, float wh) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float* pb = p + 4L * i;
    const float* gb = g + 4L * i;
    const float pw = pb[2] - pb[0];
    const float ph = pb[3] - pb[1];
    const float gw = gb[2] - gb[0];
    const float gh = gb[3] - gb[1];
    const float px = pb[0] + 0.5f * pw;
    const float py = pb[1] + 0.5f * ph;
    const float gx = gb[0] + 0.5f * gw;
    const float gy = gb[1] + 0.5f * gh;
    float* o = out + 4L * i;
    o[0] = wx * (gx - px) / pw;
    o[1] = wy * (gy - py) / ph;
    o[2] = ww * logf(gw / pw);
    o[3] = wh * logf(gh / ph);
}

torch::Tensor bbox2delta(torch::Tensor proposals, torch::Tensor gt, double wx, double wy, double ww, double wh) {
    TORCH_CHECK(proposals.is_cuda() && gt.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(proposals.scalar_type() == torch::kFloat32, "inputs must be float32");
    proposals = proposals.contiguous();
    gt = gt.contiguous();
    const int n = proposals.size(0);
    auto out = torch::empty({n, 4}, proposals.options());
    if (n == 0) return out;
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;
    bbox2delta_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        proposals.data_ptr<float>(), gt.data_ptr<float>(), out.data_ptr<float>(), n,
        (float)wx, (float)wy, (float)ww, (float)wh);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

CPP_SRC = ("torch::Tensor bbox2delta(torch::Tensor proposals, torch::Tensor gt, double wx, double wy, double ww, "
           "double wh);")

_ext = load_inline(name="nm15_bbox2delta_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
                   cpp_sources=CPP_SRC, cuda_sources=CUDA_SRC, functions=["bbox2delta"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, weights=(10.0, 10.0, 5.0, 5.0)):
        super().__init__()
        self.weights = weights

    def forward(self, proposals, gt):
        wx, wy, ww, wh = (float(w) for w in self.weights)
        return _ext.bbox2delta(proposals, gt, wx, wy, ww, wh)

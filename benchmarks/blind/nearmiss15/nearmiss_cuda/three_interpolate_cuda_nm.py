"""CUDA three-NN inverse-distance interpolation (load_inline): one thread per unknown point (batch on the
grid's y axis) keeps its three nearest known points in registers, then loops over the channels."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void three_interp_kernel(const float* __restrict__ unknown, const float* __restrict__ known,
                                    const float* __restrict__ feats, float* __restrict__ out,
                                    int n, int m, int C) {
    const int b = blockIdx.y;
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float* u = unknown + ((long)b * n + i) * 3;
    const float ux = u[0], uy = u[1], uz = u[2];
    float b1 = INFINITY, b2 = INFINITY, b3 = INFINITY;
    int j1 = 0, j2 = 0, j3 = 0;
    for (int k = 0; k < m; ++k) {
        const float* kp = known + ((long)b * m + k) * 3;
        const float dx = ux - kp[0], dy = uy - kp[1], dz = uz - kp[2];
        const float d = __fadd_rn(__fadd_rn(__fmul_rn(dx, dx), __fmul_rn(dy, dy)), __fmul_rn(dz, dz));
        if (d < b1) { b2 = b1; j2 = j1; b1 = d; j1 = k; }
        else if (d < b2) { b3 = b2; j3 = j2; b2 = d; j2 = k; }
        else if (d < b3) { b3 = d; j3 = k; }
    }
    const float r1 = 1.f / (sqrtf(b1) + 1e-8f);
    const float r2 = 1.f / (sqrtf(b2) + 1e-8f);
    const float r3 = 1.f / (sqrtf(b3) + 1e-8f);
    const float norm = r1 + r2 + r3;
    const float w1 = r1 / norm, w2 = r2 / norm, w3 = r3 / norm;
    const bool has2 = b2 < INFINITY, has3 = b3 < INFINITY;
    for (int c = 0; c < C; ++c) {
        const float* f = feats + ((long)b * C + c) * m;
        float val = w1 * f[j1];
        if (has2) val += w2 * f[j2];
        if (has3) val += w3 * f[j3];
        out[((long)b * C + c) * n + i] = val;
    }
}

torch::Tensor three_interpolate(torch::Tensor unknown, torch::Tensor known, torch::Tensor feats) {
    TORCH_CHECK(unknown.is_cuda() && known.is_cuda() && feats.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(unknown.scalar_type() == torch::kFloat32, "inputs must be float32");
    unknown = unknown.contiguous();
    known = known.contiguous();
    feats = feats.contiguous();
    const int B = unknown.size(0), n = unknown.size(1);
    const int C = feats.size(1), m = feats.size(2);
    auto out = torch::empty({B, C, n}, unknown.options());
    if (out.numel() == 0) return out;
    const int threads = 128;
    const dim3 blocks((n + threads - 1) / threads, B);
    three_interp_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        unknown.data_ptr<float>(), known.data_ptr<float>(), feats.data_ptr<float>(), out.data_ptr<float>(), n, m, C);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

CPP_SRC = "torch::Tensor three_interpolate(torch::Tensor unknown, torch::Tensor known, torch::Tensor feats);"

_ext = load_inline(name="nm15_three_interp_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
                   cpp_sources=CPP_SRC, cuda_sources=CUDA_SRC, functions=["three_interpolate"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, unknown, known, feats):
        return _ext.three_interpolate(unknown, known, feats)

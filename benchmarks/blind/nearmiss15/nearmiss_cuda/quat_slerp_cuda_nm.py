"""CUDA quaternion slerp (load_inline): one thread per quaternion pair."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__device__ __forceinline__ void normalize4(float* q) {
    float n = sqrtf(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    n = n < 1e-12f ? 1e-12f : n;
    for (int k = 0; k < 4; ++k) q[k] = q[k] / n;
}

__global__ void slerp_kernel(const float* __restrict__ q0, const float* __restrict__ q1,
                             const float* __restrict__ t, float* __restrict__ out, int n, float threshold) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a[4], b[4], r[4];
    for (int k = 0; k < 4; ++k) {
        a[k] = q0[4L * i + k];
        b[k] = q1[4L * i + k];
    }
    normalize4(a);
    normalize4(b);
    float dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    const float s = 1.f;
    dot = dot * s;
    for (int k = 0; k < 4; ++k) b[k] = b[k] * s;
    const float tt = t[i];
    if (dot > threshold) {
        for (int k = 0; k < 4; ++k) r[k] = a[k] + tt * (b[k] - a[k]);
        normalize4(r);
    } else {
        const float dc = dot > 1.f ? 1.f : dot;
        const float theta = acosf(dc) * tt;
        float q2[4];
        for (int k = 0; k < 4; ++k) q2[k] = b[k] - a[k] * dc;
        normalize4(q2);
        const float ct = cosf(theta), st = sinf(theta);
        for (int k = 0; k < 4; ++k) r[k] = a[k] * ct + q2[k] * st;
    }
    for (int k = 0; k < 4; ++k) out[4L * i + k] = r[k];
}

torch::Tensor slerp(torch::Tensor q0, torch::Tensor q1, torch::Tensor t, double threshold) {
    TORCH_CHECK(q0.is_cuda() && q1.is_cuda() && t.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(q0.scalar_type() == torch::kFloat32, "inputs must be float32");
    q0 = q0.contiguous();
    q1 = q1.contiguous();
    t = t.contiguous();
    const int n = q0.size(0);
    auto out = torch::empty_like(q0);
    if (n == 0) return out;
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;
    slerp_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        q0.data_ptr<float>(), q1.data_ptr<float>(), t.data_ptr<float>(), out.data_ptr<float>(), n, (float)threshold);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

CPP_SRC = "torch::Tensor slerp(torch::Tensor q0, torch::Tensor q1, torch::Tensor t, double threshold);"

_ext = load_inline(name="nm15_slerp_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
                   cpp_sources=CPP_SRC, cuda_sources=CUDA_SRC, functions=["slerp"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, threshold=0.9995):
        super().__init__()
        self.threshold = threshold

    def forward(self, q0, q1, t):
        return _ext.slerp(q0, q1, t, float(self.threshold))

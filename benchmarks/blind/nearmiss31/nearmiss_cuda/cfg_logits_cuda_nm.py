"""CUDA classifier-free guidance on logits: one 256-thread block per row, shared-memory max and sum reductions for both streams."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

constexpr int kThreads = 256;

__device__ float block_max(float v, float* buf) {
    const int tid = threadIdx.x;
    buf[tid] = v;
    __syncthreads();
    for (int s = kThreads / 2; s > 0; s >>= 1) {
        if (tid < s) buf[tid] = fmaxf(buf[tid], buf[tid + s]);
        __syncthreads();
    }
    const float r = buf[0];
    __syncthreads();
    return r;
}

__device__ float block_sum(float v, float* buf) {
    const int tid = threadIdx.x;
    buf[tid] = v;
    __syncthreads();
    for (int s = kThreads / 2; s > 0; s >>= 1) {
        if (tid < s) buf[tid] += buf[tid + s];
        __syncthreads();
    }
    const float r = buf[0];
    __syncthreads();
    return r;
}

__global__ void cfg_logits_kernel(const float* __restrict__ cond, const float* __restrict__ uncond,
                                  float* __restrict__ out, int64_t V, float guidance) {
    __shared__ float buf[kThreads];
    const int64_t row = blockIdx.x;
    const float* c = cond + row * V;
    const float* u = uncond + row * V;
    float* o = out + row * V;
    float mc = -INFINITY;
    float mu = -INFINITY;
    for (int64_t j = threadIdx.x; j < V; j += kThreads) {
        mc = fmaxf(mc, c[j]);
        mu = fmaxf(mu, u[j]);
    }
    mc = block_max(mc, buf);
    mu = block_max(mu, buf);
    float sc = 0.0f;
    float su = 0.0f;
    for (int64_t j = threadIdx.x; j < V; j += kThreads) {
        sc += expf(c[j] - mc);
        su += expf(u[j] - mu);
    }
    sc = block_sum(sc, buf);
    su = block_sum(su, buf);
    const float lse_c = mc + logf(sc);
    const float lse_u = mu + logf(su);
    for (int64_t j = threadIdx.x; j < V; j += kThreads) {
        const float lc = c[j] - lse_c;
        const float lu = u[j] - lse_c;
        o[j] = guidance * (lc - lu) + lu;
    }
}

torch::Tensor cfg_logits_forward(torch::Tensor cond, torch::Tensor uncond, double guidance) {
    TORCH_CHECK(cond.is_cuda() && uncond.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(cond.scalar_type() == torch::kFloat32 && cond.dim() == 2, "cond must be float32 (B, V)");
    TORCH_CHECK(uncond.sizes() == cond.sizes() && uncond.scalar_type() == torch::kFloat32, "uncond must match cond");
    auto cc = cond.contiguous();
    auto uc = uncond.contiguous();
    auto out = torch::empty_like(cc);
    const int64_t B = cc.size(0);
    const int64_t V = cc.size(1);
    if (B == 0 || V == 0) return out;
    cfg_logits_kernel<<<(unsigned int)B, kThreads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        cc.data_ptr<float>(), uc.data_ptr<float>(), out.data_ptr<float>(), V, (float)guidance);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

_CPP_SRC = "torch::Tensor cfg_logits_forward(torch::Tensor cond, torch::Tensor uncond, double guidance);"

_ext = load_inline(
    name="nm31_cfg_logits_ext_" + hashlib.sha1(_CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=_CPP_SRC,
    cuda_sources=_CUDA_SRC,
    functions=["cfg_logits_forward"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, guidance_scale: float = 1.5):
        super().__init__()
        self.guidance_scale = guidance_scale

    def forward(self, cond_logits: torch.Tensor, uncond_logits: torch.Tensor) -> torch.Tensor:
        return _ext.cfg_logits_forward(cond_logits, uncond_logits, float(self.guidance_scale))

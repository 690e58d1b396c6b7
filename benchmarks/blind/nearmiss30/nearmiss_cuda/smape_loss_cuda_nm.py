"""CUDA C SMAPE: a grid-stride partial sum per thread, a shared-memory tree per block and one atomic add per block
into a zeroed scalar."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void smape_kernel(const float* __restrict__ p, const float* __restrict__ t, float* __restrict__ out,
                             int64_t n, float eps, float inv_n) {
    __shared__ float sdata[256];
    float acc = 0.0f;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x) {
        float a = p[i];
        float b = t[i];
        acc += 2.0f * fabsf(a - b) / (fabsf(a) + fabsf(b) + eps);
    }
    sdata[threadIdx.x] = acc;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) sdata[threadIdx.x] += sdata[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(out, sdata[0] * inv_n);
}

torch::Tensor smape_forward(torch::Tensor pred, torch::Tensor target, double eps) {
    TORCH_CHECK(pred.is_cuda() && pred.scalar_type() == torch::kFloat32, "pred must be a CUDA float32 tensor");
    TORCH_CHECK(target.is_cuda() && target.scalar_type() == torch::kFloat32, "target must be a CUDA float32 tensor");
    auto p = pred.contiguous();
    auto t = target.contiguous();
    int64_t n = p.numel();
    auto out = torch::zeros({}, p.options());
    const int threads = 256;
    int64_t blocks = (n + threads - 1) / threads;
    if (blocks > 120) blocks = 120;
    if (n > 0) {
        smape_kernel<<<(unsigned int)blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
            p.data_ptr<float>(), t.data_ptr<float>(), out.data_ptr<float>(), n, (float)eps, (float)(1.0 / (double)n));
        C10_CUDA_KERNEL_LAUNCH_CHECK();
    }
    return out;
}
"""

CPP_SRC = "torch::Tensor smape_forward(torch::Tensor pred, torch::Tensor target, double eps);"

_ext = load_inline(
    name="nm30_smape_loss_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["smape_forward"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, eps: float):
        super().__init__()
        self.eps = eps

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return _ext.smape_forward(pred, target, self.eps)

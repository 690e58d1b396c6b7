"""CUDA Student-t NLL: one 256-thread block per sample, strided partial sums and a shared-memory tree."""

import hashlib
import math

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

constexpr int kThreads = 256;

__global__ void student_t_nll_kernel(const float* __restrict__ y, const float* __restrict__ mu,
                                     const float* __restrict__ log_sigma, float* __restrict__ out, int64_t D,
                                     float cst, float nu, float half_nu1) {
    __shared__ float partial[kThreads];
    const int64_t row = blockIdx.x;
    const int tid = threadIdx.x;
    float acc = 0.0f;
    for (int64_t j = tid; j < D; j += kThreads) {
        const int64_t i = row * D + j;
        const float ls = log_sigma[i];
        const float z = (y[i] - mu[i]) / expf(ls);
        acc += cst - ls - half_nu1 * log1pf(z * z / nu);
    }
    partial[tid] = acc;
    __syncthreads();
    for (int s = kThreads / 2; s > 1; s >>= 1) {
        if (tid < s) {
            partial[tid] += partial[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) {
        out[row] = -partial[0];
    }
}

torch::Tensor student_t_nll_forward(torch::Tensor y, torch::Tensor mu, torch::Tensor log_sigma, double cst,
                                    double nu) {
    TORCH_CHECK(y.is_cuda() && mu.is_cuda() && log_sigma.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(y.scalar_type() == torch::kFloat32 && y.dim() == 2, "y must be float32 (B, D)");
    auto yc = y.contiguous();
    auto mc = mu.contiguous();
    auto lc = log_sigma.contiguous();
    const int64_t B = yc.size(0);
    const int64_t D = yc.size(1);
    auto out = torch::empty({B}, yc.options());
    if (B == 0) return out;
    student_t_nll_kernel<<<(unsigned int)B, kThreads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        yc.data_ptr<float>(), mc.data_ptr<float>(), lc.data_ptr<float>(), out.data_ptr<float>(), D, (float)cst,
        (float)nu, (float)((nu + 1.0) / 2.0));
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

_CPP_SRC = ("torch::Tensor student_t_nll_forward(torch::Tensor y, torch::Tensor mu, torch::Tensor log_sigma, "
            "double cst, double nu);")

_ext = load_inline(
    name="nm31_student_t_nll_ext_" + hashlib.sha1(_CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=_CPP_SRC,
    cuda_sources=_CUDA_SRC,
    functions=["student_t_nll_forward"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, nu: float = 4.0):
        super().__init__()
        self.nu = nu

    def forward(self, y: torch.Tensor, mu: torch.Tensor, log_sigma: torch.Tensor) -> torch.Tensor:
        nu = self.nu
        cst = math.lgamma((nu + 1.0) / 2.0) - math.lgamma(nu / 2.0) - 0.5 * math.log(nu * math.pi)
        return _ext.student_t_nll_forward(y, mu, log_sigma, cst, float(nu))

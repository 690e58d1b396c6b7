"""CUDA C Hawkes log-likelihood: one thread per sequence with the recursive exponential-kernel sum."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void hawkes_kernel(const float* __restrict__ times, const float* __restrict__ t_end,
                              const float* __restrict__ mu, const float* __restrict__ alpha,
                              const float* __restrict__ beta, float* __restrict__ out, int seqs, int n) {
    const int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= seqs) return;
    const float* t = times + (int64_t)s * n;
    const float m = mu[s];
    const float al = alpha[s];
    const float be = beta[s];
    const float te = t_end[s];
    float a = 0.0f;
    float ll = 0.0f;
    float comp = 0.0f;
    for (int i = 0; i < n; ++i) {
        if (i > 0) a = expf(-be * (t[i] - t[i - 1])) * (1.0f + a);
        ll += logf(m + al * a);
        comp += 1.0f - expf(-be * (te - t[i]));
    }
    out[s] = ll - (m * te + al / be * comp);
}

torch::Tensor hawkes_forward(torch::Tensor times, torch::Tensor t_end, torch::Tensor mu, torch::Tensor alpha,
                             torch::Tensor beta) {
    TORCH_CHECK(times.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(times.scalar_type() == torch::kFloat32, "float32 expected");
    auto t = times.contiguous();
    auto te = t_end.contiguous();
    auto m = mu.contiguous();
    auto a = alpha.contiguous();
    auto b = beta.contiguous();
    const int seqs = t.size(0);
    const int n = t.size(1);
    auto out = torch::empty({seqs}, t.options());
    const int threads = 64;
    hawkes_kernel<<<(seqs + threads - 1) / threads, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        t.data_ptr<float>(), te.data_ptr<float>(), m.data_ptr<float>(), a.data_ptr<float>(), b.data_ptr<float>(),
        out.data_ptr<float>(), seqs, n);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

CPP_SRC = ("torch::Tensor hawkes_forward(torch::Tensor times, torch::Tensor t_end, torch::Tensor mu, "
           "torch::Tensor alpha, torch::Tensor beta);")

_ext = load_inline(
    name="nm34_hawkes_exp_loglik_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["hawkes_forward"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, times, t_end, mu, alpha, beta):
        return _ext.hawkes_forward(times, t_end, mu, alpha, beta)

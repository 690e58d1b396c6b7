"""Troe / Lindemann fall-off ratios (CUDA C): one thread per (reaction, condition) with a switch on the form."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void falloff_kernel(const float* __restrict__ par, const int64_t* __restrict__ form,
                               const float* __restrict__ temp, const float* __restrict__ pres,
                               float* __restrict__ out, int n_rx, int n_cond) {
    const int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= n_rx * n_cond) return;
    const int rx = idx / n_cond;
    const int j = idx % n_cond;
    const float* p = par + rx * 10;
    const float t = temp[j];
    const float ln_t = logf(t);
    const float ln_k0 = p[0] + p[1] * ln_t - p[2] / t;
    const float ln_ki = p[3] + p[4] * ln_t - p[5] / t;
    const float ln_m = logf(pres[j] / (8.314462618f * t) * 1e-6f);
    const float pr = expf(ln_k0 + ln_m - ln_ki);
    float log_f = 0.0f;
    switch (form[rx]) {
        case 0:
            break;
        default: {
            const float a = p[6];
            float fcent = (1.0f - a) * expf(-t / p[7]) + a * expf(-t / p[8]);
            if (form[rx] == 2) fcent += expf(-p[9] / t);
            const float lf = log10f(fcent);
            const float c = -0.4f - 0.67f * lf;
            const float n = 0.75f - 1.27f * lf;
            const float lp = log10f(pr);
            const float f1 = (lp + c) / (n - 0.14f * (lp + c));
            log_f = lf / (1.0f + f1 * f1);
            break;
        }
    }
    out[idx] = pr / (1.0f + pr) * exp10f(log_f);
}

torch::Tensor falloff_forward(torch::Tensor params, torch::Tensor form, torch::Tensor temp, torch::Tensor pres) {
    TORCH_CHECK(params.is_cuda() && params.scalar_type() == torch::kFloat32, "params must be a float32 CUDA tensor");
    TORCH_CHECK(form.scalar_type() == torch::kInt64, "form must be int64");
    auto pa = params.contiguous();
    auto fo = form.contiguous();
    auto te = temp.contiguous();
    auto pe = pres.contiguous();
    const int n_rx = static_cast<int>(pa.size(0));
    const int n_cond = static_cast<int>(te.numel());
    auto out = torch::empty({n_rx, n_cond}, pa.options());
    const int total = n_rx * n_cond;
    const int threads = 256;
    const int blocks = (total + threads - 1) / threads;
    falloff_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        pa.data_ptr<float>(), fo.data_ptr<int64_t>(), te.data_ptr<float>(), pe.data_ptr<float>(),
        out.data_ptr<float>(), n_rx, n_cond);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

CPP_SRC = "torch::Tensor falloff_forward(torch::Tensor params, torch::Tensor form, torch::Tensor temp, torch::Tensor pres);"

_ext = load_inline(
    name="nm41_troe_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["falloff_forward"],
    verbose=False,
)


class ModelNew(nn.Module):
    """Fall-off ratio k / k_inf of each reaction at each (temperature, pressure) condition.

    params: (R, 10) Arrhenius parameters of k0 and kinf and the Troe parameters a, T***, T*, T**;
    form: (R,) int64 (0 Lindemann, 1 three-parameter Troe, 2 four-parameter Troe);
    temperature: (N,) K; pressure: (N,) Pa. Returns (R, N).
    """

    def __init__(self):
        super().__init__()

    def forward(self, params, form, temperature, pressure):
        return _ext.falloff_forward(params, form, temperature, pressure)

"""Single-diode PV current (CUDA C): one thread per (module, voltage) point, Newton steps from I = I_ph."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void diode_kernel(const float* __restrict__ par, const float* __restrict__ volt, float* __restrict__ out,
                             int n_mod, int n_pts, int cells, int steps) {
    const int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= n_mod * n_pts) return;
    const int m = idx / n_pts;
    const float* p = par + m * 6;
    const float iph = p[0];
    const float i0 = p[1];
    const float rs = p[3];
    const float rsh = p[4];
    const float a = p[2] * static_cast<float>(cells) * 8.617333262e-5f * (p[5] + 273.15f);
    const float v = volt[idx];
    float cur = iph;
    for (int it = 0; it < steps; ++it) {
        const float vd = v + cur * rs;
        const float ex = expf(vd / a);
        const float f = iph - i0 * (ex - 1.0f) - vd / rsh - cur;
        const float fp = -i0 * rs / a * ex - rs / rsh - 1.0f;
        cur = cur - f / fp;
    }
    out[idx] = cur;
}

torch::Tensor diode_forward(torch::Tensor params, torch::Tensor voltage, int64_t cells, int64_t steps) {
    TORCH_CHECK(params.is_cuda() && params.scalar_type() == torch::kFloat32, "params must be a float32 CUDA tensor");
    auto pa = params.contiguous();
    auto vo = voltage.contiguous();
    const int n_mod = static_cast<int>(vo.size(0));
    const int n_pts = static_cast<int>(vo.size(1));
    auto out = torch::empty({n_mod, n_pts}, vo.options());
    const int total = n_mod * n_pts;
    const int threads = 256;
    const int blocks = (total + threads - 1) / threads;
    diode_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        pa.data_ptr<float>(), vo.data_ptr<float>(), out.data_ptr<float>(), n_mod, n_pts, static_cast<int>(cells),
        static_cast<int>(steps));
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

CPP_SRC = "torch::Tensor diode_forward(torch::Tensor params, torch::Tensor voltage, int64_t cells, int64_t steps);"

_ext = load_inline(
    name="nm41_pv_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["diode_forward"],
    verbose=False,
)


class ModelNew(nn.Module):
    """Module current at each terminal voltage, single-diode equivalent circuit.

    params: (M, 6) rows (I_ph, I_0, n, R_s, R_sh, cell temperature in deg C); voltage: (M, P) V.
    Returns (M, P) currents (A).
    """

    def __init__(self, cells_in_series: int, newton_steps: int):
        super().__init__()
        self.ns = cells_in_series
        self.steps = newton_steps

    def forward(self, params, voltage):
        return _ext.diode_forward(params, voltage, self.ns, self.steps)

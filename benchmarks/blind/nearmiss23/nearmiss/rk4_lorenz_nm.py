"""Triton RK4 for Lorenz systems: one lane per system, the step loop in the kernel, the vector field in a
@triton.jit helper returning a tuple."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _lorenz(x, y, z, sigma, rho, beta):
    return sigma * (y - x), x * (rho - z) - y, x * y - beta * z


@triton.jit
def rk4_kernel(s_ptr, out_ptr, N, steps, dt, sigma, rho, beta, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(s_ptr + offs * 3 + 0, mask=mask, other=0.0)
    y = tl.load(s_ptr + offs * 3 + 1, mask=mask, other=0.0)
    z = tl.load(s_ptr + offs * 3 + 2, mask=mask, other=0.0)
    hdt = 0.5 * dt
    dt6 = dt / 6.0
    for _ in range(steps):
        k1x, k1y, k1z = _lorenz(x, y, z, sigma, rho, beta)
        k2x, k2y, k2z = _lorenz(x + hdt * k1x, y + hdt * k1y, z + hdt * k1z, sigma, rho, beta)
        k3x, k3y, k3z = _lorenz(x + hdt * k2x, y + hdt * k2y, z + hdt * k2z, sigma, rho, beta)
        k4x, k4y, k4z = _lorenz(x + dt * k3x, y + dt * k3y, z + dt * k3z, sigma, rho, beta)
        x = x + dt6 * (k1x + 2.0 * k2x + k3x + k4x)
        y = y + dt6 * (k1y + 2.0 * k2y + 2.0 * k3y + k4y)
        z = z + dt6 * (k1z + 2.0 * k2z + 2.0 * k3z + k4z)
    tl.store(out_ptr + offs * 3 + 0, x, mask=mask)
    tl.store(out_ptr + offs * 3 + 1, y, mask=mask)
    tl.store(out_ptr + offs * 3 + 2, z, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_steps, dt=0.01, sigma=10.0, rho=28.0, beta=8.0 / 3.0):
        super().__init__()
        self.num_steps, self.dt, self.sigma, self.rho, self.beta = num_steps, dt, sigma, rho, beta

    def forward(self, state):
        state = state.contiguous()
        n = state.shape[0]
        out = torch.empty_like(state)
        BLOCK = 256
        rk4_kernel[(triton.cdiv(n, BLOCK),)](state, out, n, self.num_steps, self.dt, self.sigma, self.rho, self.beta,
                                             BLOCK=BLOCK)
        return out

"""Triton Almgren-Chriss trajectories: per-order urgency in registers, (order x time) tiles over step chunks."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ac_trajectory_kernel(x_ptr, sig_ptr, eta_ptr, gam_ptr, lam_ptr, out_ptr, n_orders, n_pts, tau, horizon,
                         out_stride, BLOCK_O: tl.constexpr, BLOCK_T: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_O + tl.arange(0, BLOCK_O)
    rmask = rows < n_orders
    shares = tl.load(x_ptr + rows, mask=rmask, other=0.0)
    sig = tl.load(sig_ptr + rows, mask=rmask, other=1.0)
    eta = tl.load(eta_ptr + rows, mask=rmask, other=1.0)
    gam = tl.load(gam_ptr + rows, mask=rmask, other=0.0)
    lam = tl.load(lam_ptr + rows, mask=rmask, other=0.0)
    eta_t = eta + 0.5 * gam * tau
    kt2 = lam * sig * sig / eta_t
    y = 1.0 + 0.5 * kt2 * tau * tau
    kappa = tl.log(y + tl.sqrt(y * y - 1.0)) / tau
    b = kappa * horizon
    sinh_b = 0.5 * (tl.exp(b) - tl.exp(-b))
    for t0 in range(0, n_pts, BLOCK_T):
        j = t0 + tl.arange(0, BLOCK_T)
        t = j.to(tl.float32) * tau
        a = kappa[:, None] * (horizon - t[None, :])
        frac = 0.5 * (tl.exp(a) - tl.exp(-a)) / sinh_b[:, None]
        lin = 1.0 - t / horizon
        frac = tl.where(kappa[:, None] > 0.0, frac, lin[None, :])
        m = rmask[:, None] & (j[None, :] < n_pts)
        tl.store(out_ptr + rows[:, None] * out_stride + j[None, :], shares[:, None] * frac, mask=m)


class ModelNew(nn.Module):
    def __init__(self, horizon: float, num_steps: int):
        super().__init__()
        self.horizon = horizon
        self.num_steps = num_steps

    def forward(self, shares, sigma, eta, gamma, lam):
        n = shares.shape[0]
        n_pts = self.num_steps + 1
        tau = self.horizon / self.num_steps
        out = torch.empty(n, n_pts, device=shares.device, dtype=shares.dtype)
        BLOCK_O, BLOCK_T = 32, 32
        grid = (triton.cdiv(n, BLOCK_O),)
        ac_trajectory_kernel[grid](shares.contiguous(), sigma.contiguous(), eta.contiguous(), gamma.contiguous(),
                                   lam.contiguous(), out, n, n_pts, tau, self.horizon, out.stride(0),
                                   BLOCK_O=BLOCK_O, BLOCK_T=BLOCK_T)
        return out

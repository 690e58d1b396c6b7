"""Triton FRN + TLU: one program per (image, channel) plane."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def frn_kernel(x_ptr, g_ptr, b_ptr, t_ptr, out_ptr, n_pix, C, eps, BLOCK: tl.constexpr):
    plane = tl.program_id(0)
    ch = plane % C
    offs = tl.arange(0, BLOCK)
    mask = offs < n_pix
    x = tl.load(x_ptr + plane * n_pix + offs, mask=mask, other=0.0)
    nu2 = tl.sum(x * x, axis=0) / n_pix
    inv = 1.0 / (tl.sqrt(nu2) + eps)
    gamma = tl.load(g_ptr + ch)
    beta = tl.load(b_ptr + ch)
    tau = tl.load(t_ptr + ch)
    y = tl.maximum(gamma * (x * inv) + beta, tau)
    tl.store(out_ptr + plane * n_pix + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, channels: int, eps: float = 1e-6):
        super().__init__()
        self.gamma = nn.Parameter(1.0 + 0.1 * torch.randn(1, channels, 1, 1))
        self.beta = nn.Parameter(0.1 * torch.randn(1, channels, 1, 1))
        self.tau = nn.Parameter(0.1 * torch.randn(1, channels, 1, 1))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        b, c, h, w = x.shape
        out = torch.empty_like(x)
        frn_kernel[(b * c,)](
            x, self.gamma, self.beta, self.tau, out, h * w, c, self.eps, BLOCK=triton.next_power_of_2(h * w)
        )
        return out

"""1.5-entmax by bisection (entmax.entmax_bisect, alpha = 1.5, ensure_sum_one=True), row-wise.

X <- X * (alpha - 1); p(tau) = clamp(X - tau, 0) ** (1 / (alpha - 1)); tau is bisected in
[max - 1, max - (1/d) ** (alpha - 1)] for n_iter steps on the sign of sum p - 1; the last p is
renormalised to sum 1.
"""

import torch
import torch.nn as nn

batch_size = 12
dim = 200
n_iter = 25


class Model(nn.Module):
    def __init__(self, n_iter: int = 50):
        super().__init__()
        self.n_iter = n_iter
        self.alpha = 1.5

    def forward(self, X: torch.Tensor) -> torch.Tensor:
        alpha = self.alpha
        d = X.shape[-1]
        X = X * (alpha - 1)
        max_val = X.max(dim=-1, keepdim=True).values
        tau_lo = max_val - 1.0
        tau_hi = max_val - (1.0 / d) ** (alpha - 1)
        f_lo = (torch.clamp(X - tau_lo, min=0) ** 2).sum(-1, keepdim=True) - 1
        dm = tau_hi - tau_lo
        for _ in range(self.n_iter):
            dm = dm / 2
            tau_m = tau_lo + dm
            p_m = torch.clamp(X - tau_m, min=0) ** 2
            f_m = p_m.sum(-1, keepdim=True) - 1
            tau_lo = torch.where(f_m * f_lo >= 0, tau_m, tau_lo)
        return p_m / p_m.sum(-1, keepdim=True)


def get_inputs():
    return [torch.randn(batch_size, dim) * 2.0]


def get_init_inputs():
    return [n_iter]

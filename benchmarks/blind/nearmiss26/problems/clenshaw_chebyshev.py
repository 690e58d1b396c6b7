"""Evaluation of Chebyshev series on an interval [lo, hi]: f(x) = sum_k c_k T_k(t) with t = (2x - lo - hi) /
(hi - lo), one coefficient row per batch row and many points per row (the reference builds T_k by the three-term
recurrence)."""

import torch
import torch.nn as nn

batch_size = 16
num_coeffs = 24
num_points = 256


class Model(nn.Module):
    def __init__(self, lo: float = -2.0, hi: float = 3.0):
        super().__init__()
        self.lo, self.hi = lo, hi

    def forward(self, coeffs: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
        t = (2.0 * x - (self.lo + self.hi)) / (self.hi - self.lo)
        K = coeffs.shape[1]
        T_prev = torch.ones_like(t)
        T_cur = t
        f = coeffs[:, 0:1] * T_prev + coeffs[:, 1:2] * T_cur
        for k in range(2, K):
            T_prev, T_cur = T_cur, 2.0 * t * T_cur - T_prev
            f = f + coeffs[:, k:k + 1] * T_cur
        return f


def get_inputs():
    decay = 0.75 ** torch.arange(num_coeffs, dtype=torch.float32)
    coeffs = torch.randn(batch_size, num_coeffs) * decay
    x = -2.0 + 5.0 * torch.rand(batch_size, num_points)
    return [coeffs, x]


def get_init_inputs():
    return []

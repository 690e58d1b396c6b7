"""Conditional-sum-of-squares residuals of per-series ARMA(2, 2) models (as statsmodels' CSS start): e_t =
y_t - phi_1 y_{t-1} - phi_2 y_{t-2} - theta_1 e_{t-1} - theta_2 e_{t-2}, with pre-sample values and residuals
taken as 0."""

import torch
import torch.nn as nn

num_series = 64
length = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, y: torch.Tensor, phi: torch.Tensor, theta: torch.Tensor) -> torch.Tensor:
        n, length_ = y.shape
        zero = torch.zeros(n, device=y.device, dtype=y.dtype)
        y1, y2, e1, e2 = zero, zero, zero, zero
        out = []
        for t in range(length_):
            pred = phi[:, 0] * y1 + phi[:, 1] * y2 + theta[:, 0] * e1 + theta[:, 1] * e2
            e = y[:, t] - pred
            out.append(e)
            y2, y1 = y1, y[:, t]
            e2, e1 = e1, e
        return torch.stack(out, dim=1)


def get_inputs():
    phi = torch.stack([0.2 + 0.5 * torch.rand(num_series), -0.3 + 0.4 * torch.rand(num_series)], dim=1)
    theta = torch.stack([-0.6 + 1.2 * torch.rand(num_series), -0.2 + 0.4 * torch.rand(num_series)], dim=1)
    y = torch.cumsum(0.3 * torch.randn(num_series, length), dim=1) * 0.2 + torch.randn(num_series, length)
    return [y, phi, theta]


def get_init_inputs():
    return []

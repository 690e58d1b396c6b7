"""Neural Arithmetic Logic Unit (NALU) layer: gated mix of an additive NAC and a log-space multiplicative NAC."""

import torch
import torch.nn as nn

batch_size = 128
in_features = 24
out_features = 40


class Model(nn.Module):
    def __init__(self, d_in: int, d_out: int):
        super().__init__()
        self.w_hat = nn.Parameter(0.4 * torch.randn(d_out, d_in))
        self.m_hat = nn.Parameter(0.4 * torch.randn(d_out, d_in))
        self.g = nn.Parameter(0.4 * torch.randn(d_out, d_in))
        self.eps = 1e-7

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = torch.tanh(self.w_hat) * torch.sigmoid(self.m_hat)
        a = x @ w.t()
        m = torch.exp(torch.log(x.abs() + self.eps) @ w.t())
        gate = torch.sigmoid(x @ self.g.t())
        return gate * a + (1.0 - gate) * m


def get_inputs():
    mag = 0.3 + 2.7 * torch.rand(batch_size, in_features)
    sign = torch.where(torch.rand(batch_size, in_features) < 0.5, -1.0, 1.0)
    return [mag * sign]


def get_init_inputs():
    return [in_features, out_features]

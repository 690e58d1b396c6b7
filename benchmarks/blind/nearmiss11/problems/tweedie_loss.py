"""Tweedie negative log-likelihood with a log link (as in LightGBM / XGBoost), mean over elements."""

import torch
import torch.nn as nn

batch_size = 32
dim = 257


class Model(nn.Module):
    """-y * exp((1 - rho) f) / (1 - rho) + exp((2 - rho) f) / (2 - rho), f the predicted log-mean."""

    def __init__(self, rho: float = 1.5):
        super().__init__()
        self.rho = rho

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        rho = self.rho
        a = -target * torch.exp(pred * (1.0 - rho)) / (1.0 - rho)
        b = torch.exp(pred * (2.0 - rho)) / (2.0 - rho)
        return (a + b).mean()


def get_inputs():
    pred = 0.5 * torch.randn(batch_size, dim)
    target = 3.0 * torch.rand(batch_size, dim) * (torch.rand(batch_size, dim) > 0.3).float()
    return [pred, target]


def get_init_inputs():
    return [1.5]

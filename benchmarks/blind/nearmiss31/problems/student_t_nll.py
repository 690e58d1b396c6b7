"""Student-t negative log-likelihood with fixed degrees of freedom (location, log-scale), summed over features per sample."""

import math

import torch
import torch.nn as nn

batch_size = 48
dim = 200


class Model(nn.Module):
    def __init__(self, nu: float = 4.0):
        super().__init__()
        self.nu = nu

    def forward(self, y: torch.Tensor, mu: torch.Tensor, log_sigma: torch.Tensor) -> torch.Tensor:
        nu = self.nu
        z = (y - mu) / torch.exp(log_sigma)
        const = math.lgamma((nu + 1.0) / 2.0) - math.lgamma(nu / 2.0) - 0.5 * math.log(nu * math.pi)
        logp = const - log_sigma - (nu + 1.0) / 2.0 * torch.log1p(z * z / nu)
        return -logp.sum(dim=1)


def get_inputs():
    mu = torch.randn(batch_size, dim)
    log_sigma = torch.randn(batch_size, dim) * 0.5
    y = mu + torch.exp(log_sigma) * torch.randn(batch_size, dim) * 1.5
    return [y, mu, log_sigma]


def get_init_inputs():
    return [4.0]

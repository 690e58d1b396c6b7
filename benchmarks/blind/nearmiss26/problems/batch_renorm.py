"""Batch renormalisation (Ioffe 2017), training-mode forward over (N, C): normalise with the batch statistics,
then correct towards the running statistics with r = clip(sigma_B / sigma, 1/rmax, rmax) and
d = clip((mu_B - mu) / sigma, -dmax, dmax): y = gamma * ((x - mu_B) / sigma_B * r + d) + beta.
sigma_B uses the biased batch variance; both sigmas include eps."""

import torch
import torch.nn as nn

batch_size = 64
num_features = 48


class Model(nn.Module):
    def __init__(self, num_features: int, rmax: float = 1.5, dmax: float = 0.5, eps: float = 1e-5):
        super().__init__()
        self.weight = nn.Parameter(1.0 + 0.2 * torch.randn(num_features))
        self.bias = nn.Parameter(0.2 * torch.randn(num_features))
        self.rmax, self.dmax, self.eps = rmax, dmax, eps

    def forward(self, x: torch.Tensor, running_mean: torch.Tensor, running_var: torch.Tensor) -> torch.Tensor:
        mu = x.mean(dim=0)
        sb = torch.sqrt(x.var(dim=0, unbiased=False) + self.eps)
        s = torch.sqrt(running_var + self.eps)
        r = torch.clamp(sb / s, 1.0 / self.rmax, self.rmax)
        d = torch.clamp((mu - running_mean) / s, -self.dmax, self.dmax)
        y = (x - mu) / sb * r + d
        return y * self.weight + self.bias


def get_inputs():
    C = num_features
    scale = torch.exp(0.5 * torch.randn(C))
    shift = torch.randn(C)
    x = shift + scale * torch.randn(batch_size, C)
    running_var = scale * scale * torch.exp(0.8 * torch.randn(C))
    running_mean = shift + 0.6 * torch.randn(C) * scale
    return [x, running_mean, running_var]


def get_init_inputs():
    return [num_features]

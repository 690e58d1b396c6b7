"""KL divergence of a diagonal Gaussian posterior from N(0, I) (VAE regulariser), summed over
latent dimensions and averaged over the batch."""

import torch
import torch.nn as nn

batch_size = 64
latent_dim = 129


class Model(nn.Module):
    """-0.5 * sum(1 + logvar - mu^2 - exp(logvar)) / batch."""

    def __init__(self):
        super().__init__()

    def forward(self, mu: torch.Tensor, logvar: torch.Tensor) -> torch.Tensor:
        return -0.5 * torch.sum(1.0 + logvar - mu.pow(2) - logvar.exp()) / mu.shape[0]


def get_inputs():
    return [torch.randn(batch_size, latent_dim), 0.5 * torch.randn(batch_size, latent_dim)]


def get_init_inputs():
    return []

"""Barlow Twins redundancy-reduction loss between two embedding batches."""

import torch
import torch.nn as nn

batch_size = 64
embed_dim = 48


class Model(nn.Module):
    """Standardise each feature over the batch (BatchNorm without affine), C = z1n^T z2n / N,
    loss = sum_i (1 - C_ii)^2 + lambda * sum_{i != j} C_ij^2."""

    def __init__(self, lambd: float = 0.005, eps: float = 1e-5):
        super().__init__()
        self.lambd = lambd
        self.eps = eps

    def _bn(self, z):
        m = z.mean(dim=0)
        v = z.var(dim=0, unbiased=False)
        return (z - m) / torch.sqrt(v + self.eps)

    def forward(self, z1: torch.Tensor, z2: torch.Tensor) -> torch.Tensor:
        n = z1.shape[0]
        c = self._bn(z1).t() @ self._bn(z2) / n
        diag = torch.diagonal(c)
        on = (diag - 1.0).pow(2).sum()
        off = c.pow(2).sum() - diag.pow(2).sum()
        return on + self.lambd * off


def get_inputs():
    z1 = torch.randn(batch_size, embed_dim)
    return [z1, z1 + torch.randn(batch_size, embed_dim)]


def get_init_inputs():
    return [0.005, 1e-5]

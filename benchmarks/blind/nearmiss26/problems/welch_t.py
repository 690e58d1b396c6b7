"""Welch's unequal-variance t-test for a batch of two-sample problems: the t statistic
(mean_a - mean_b) / sqrt(var_a / n_a + var_b / n_b) with unbiased sample variances, and the Welch-Satterthwaite
degrees of freedom. Output (B, 2) = [t, dof]."""

import torch
import torch.nn as nn

batch_size = 24
n_a = 16
n_b = 57


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        na, nb = a.shape[1], b.shape[1]
        sa = a.var(dim=1) / na
        sb = b.var(dim=1) / nb
        t = (a.mean(dim=1) - b.mean(dim=1)) / torch.sqrt(sa + sb)
        dof = (sa + sb) ** 2 / (sa * sa / (na - 1) + sb * sb / (nb - 1))
        return torch.stack([t, dof], dim=1)


def get_inputs():
    shift = 0.8 * torch.randn(batch_size, 1)
    a = 1.0 + torch.randn(batch_size, n_a) * (1.0 + 2.0 * torch.rand(batch_size, 1))
    b = 1.0 + shift + torch.randn(batch_size, n_b) * (0.5 + torch.rand(batch_size, 1))
    return [a, b]


def get_init_inputs():
    return []

"""QR-DQN quantile Huber loss: pairwise TD errors u = target_j - current_i, Huber loss of u weighted
by |tau_i - 1{u < 0}| with quantile midpoints tau_i = (i + 0.5) / N; mean over target quantiles,
sum over current quantiles, mean over the batch."""

import torch
import torch.nn as nn

batch_size = 32
num_quantiles = 32
num_target_quantiles = 32


class Model(nn.Module):
    def __init__(self, kappa=1.0):
        super().__init__()
        self.kappa = kappa

    def forward(self, current, target):
        n = current.shape[1]
        tau = (torch.arange(n, device=current.device, dtype=current.dtype) + 0.5) / n
        u = target[:, None, :] - current[:, :, None]
        abs_u = u.abs()
        huber = torch.where(abs_u <= self.kappa, 0.5 * u * u, self.kappa * (abs_u - 0.5 * self.kappa))
        weight = (tau[None, :, None] - (u < 0).to(u.dtype)).abs()
        return (weight * huber / self.kappa).mean(2).sum(1).mean()


def get_inputs():
    return [torch.randn(batch_size, num_quantiles), torch.randn(batch_size, num_target_quantiles) + 0.3]


def get_init_inputs():
    return [1.0]

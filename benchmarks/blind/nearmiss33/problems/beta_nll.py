"""Beta-NLL (Seitzer et al. 2022): Gaussian negative log-likelihood with a softplus variance, each element weighted
by the (detached) variance to the power beta; mean over the feature dimension."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 64
dim = 200


class Model(nn.Module):
    def __init__(self, beta: float = 0.5, min_var: float = 1e-6):
        super().__init__()
        self.beta = beta
        self.min_var = min_var

    def forward(self, mean: torch.Tensor, var_raw: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        var = F.softplus(var_raw) + self.min_var
        loss = 0.5 * ((target - mean) ** 2 / var + var.log())
        loss = loss * var.detach() ** self.beta
        return loss.mean(dim=1)


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return []

"""NeuralSort relaxed sorting operator (Grover et al. 2019): the unimodal row-stochastic relaxation of the
permutation matrix that sorts each score vector in decreasing order, temperature 1."""

import torch
import torch.nn as nn

batch_size = 8
num_items = 50


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.tau = 1.0

    def forward(self, scores: torch.Tensor) -> torch.Tensor:
        n = scores.shape[1]
        s = scores.unsqueeze(-1)
        a = (s - s.transpose(1, 2)).abs()
        b = a.sum(dim=-1, keepdim=True)
        scaling = (n + 1 - 2 * (torch.arange(n, device=scores.device) + 1)).to(scores.dtype)
        c = s * scaling[None, None, :]
        p_max = (c - b).transpose(1, 2)
        return torch.softmax(p_max / self.tau, dim=-1)


def get_inputs():
    return [torch.randn(batch_size, num_items)]


def get_init_inputs():
    return []

"""Direct preference optimisation (sigmoid) loss from per-sequence log-probabilities."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_pairs = 4096


class Model(nn.Module):
    def __init__(self, beta: float = 0.1):
        super().__init__()
        self.beta = beta

    def forward(self, policy_chosen, policy_rejected, ref_chosen, ref_rejected):
        z = self.beta * ((policy_chosen - ref_chosen) - (policy_rejected - ref_rejected))
        return -F.logsigmoid(z).mean()


def get_inputs():
    return [torch.randn(num_pairs) * 10.0 - 40.0 for _ in range(4)]


def get_init_inputs():
    return [0.1]

"""ORPO odds-ratio loss from average chosen / rejected log-probabilities (Liger-Kernel ORPO style)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 50


class Model(nn.Module):
    def __init__(self, beta: float):
        super().__init__()
        self.beta = beta

    def forward(self, chosen_logps, rejected_logps):
        log_odds = (chosen_logps - rejected_logps) - (
            torch.log1p(-torch.exp(chosen_logps)) - torch.log1p(-torch.exp(rejected_logps)))
        return -self.beta * F.logsigmoid(log_odds).mean()


def get_inputs():
    chosen = -(torch.rand(batch_size) * 0.6 + 0.05)
    rejected = -(torch.rand(batch_size) * 1.5 + 0.2)
    return [chosen, rejected]


def get_init_inputs():
    return [0.1]

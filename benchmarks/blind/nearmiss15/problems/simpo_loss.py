"""SimPO preference loss: length-normalised (mean over the valid tokens) log-likelihoods of the chosen and
rejected responses, loss = -log sigmoid(beta * (chosen - rejected) - gamma), mean over the batch."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
seq_len = 64


class Model(nn.Module):
    def __init__(self, beta=2.0, gamma=0.5):
        super().__init__()
        self.beta = beta
        self.gamma = gamma

    def forward(self, chosen_logps, rejected_logps, chosen_len, rejected_len):
        L = chosen_logps.shape[1]
        t = torch.arange(L, device=chosen_logps.device)[None, :]
        zero = torch.zeros_like(chosen_logps)
        c = torch.where(t < chosen_len[:, None], chosen_logps, zero).sum(1) / chosen_len
        r = torch.where(t < rejected_len[:, None], rejected_logps, zero).sum(1) / rejected_len
        logits = self.beta * (c - r) - self.gamma
        return -F.logsigmoid(logits).mean()


def get_inputs():
    return [-torch.rand(batch_size, seq_len) * 2.0,
            -torch.rand(batch_size, seq_len) * 2.0,
            torch.randint(1, seq_len + 1, (batch_size,)),
            torch.randint(1, seq_len + 1, (batch_size,))]


def get_init_inputs():
    return []

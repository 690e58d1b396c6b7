"""SAC soft Bellman target with clipped double-Q and an entropy bonus."""

import torch
import torch.nn as nn

batch_size = 4096


class Model(nn.Module):
    def __init__(self, gamma=0.99, alpha=0.2):
        super().__init__()
        self.gamma = gamma
        self.alpha = alpha

    def forward(self, reward, done, q1_next, q2_next, next_logp):
        min_q = torch.min(q1_next, q2_next) - self.alpha * next_logp
        return reward + self.gamma * (1.0 - done) * min_q


def get_inputs():
    reward = torch.randn(batch_size)
    done = (torch.rand(batch_size) < 0.1).float()
    q1 = torch.randn(batch_size) * 5.0
    q2 = torch.randn(batch_size) * 5.0
    logp = torch.randn(batch_size) - 1.0
    return [reward, done, q1, q2, logp]


def get_init_inputs():
    return [0.99, 0.2]

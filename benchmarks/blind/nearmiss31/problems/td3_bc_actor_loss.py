"""TD3+BC actor loss (TorchRL-style): the Q term scaled by alpha over the batch mean |Q|, plus behaviour-cloning MSE."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 5000
action_dim = 6


class Model(nn.Module):
    def __init__(self, alpha: float = 2.5):
        super().__init__()
        self.alpha = alpha

    def forward(self, q: torch.Tensor, policy_action: torch.Tensor, action: torch.Tensor) -> torch.Tensor:
        lmbda = self.alpha / q.abs().mean().detach()
        return -lmbda * q.mean() + F.mse_loss(policy_action, action)


def get_inputs():
    q = torch.randn(batch_size) * 20.0 + 8.0
    policy_action = torch.tanh(torch.randn(batch_size, action_dim))
    action = (policy_action + torch.randn(batch_size, action_dim) * 0.3).clamp(-1.0, 1.0)
    return [q, policy_action, action]


def get_init_inputs():
    return [2.5]

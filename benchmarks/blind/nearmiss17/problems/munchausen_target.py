"""Munchausen-DQN target: reward + scaled clipped log-policy bonus + discounted soft value of the next state."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 256
num_actions = 18


class Model(nn.Module):
    def __init__(self, tau: float, alpha: float, gamma: float, clip_low: float):
        super().__init__()
        self.tau = tau
        self.alpha = alpha
        self.gamma = gamma
        self.clip_low = clip_low

    def forward(self, q_next, q_curr, actions, rewards, dones):
        logpi_next = F.log_softmax(q_next / self.tau, dim=1)
        pi_next = logpi_next.exp()
        v_next = (pi_next * (q_next - self.tau * logpi_next)).sum(dim=1)
        logpi_cur = F.log_softmax(q_curr / self.tau, dim=1).gather(1, actions[:, None]).squeeze(1)
        bonus = self.alpha * (self.tau * logpi_cur).clamp(min=self.clip_low, max=0.0)
        return rewards + bonus + self.gamma * (1.0 - dones) * v_next


def get_inputs():
    q_next = torch.randn(batch_size, num_actions) * 0.5
    q_curr = torch.randn(batch_size, num_actions) * 0.5
    actions = torch.randint(0, num_actions, (batch_size,))
    rewards = torch.randn(batch_size)
    dones = (torch.rand(batch_size) < 0.2).float()
    return [q_next, q_curr, actions, rewards, dones]


def get_init_inputs():
    return [0.03, 0.9, 0.99, -1.0]

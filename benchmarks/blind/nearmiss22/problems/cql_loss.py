"""Discrete-action conservative Q-learning (CQL(H)) loss: 0.5 * mean TD error of the taken actions plus
cql_alpha * mean(temperature * logsumexp(Q / temperature) - Q(s, a))."""

import torch
import torch.nn as nn

batch_size = 64
num_actions = 18


class Model(nn.Module):
    def __init__(self, cql_alpha: float = 0.5, temperature: float = 2.0):
        super().__init__()
        self.cql_alpha = cql_alpha
        self.temperature = temperature

    def forward(self, q_values, actions, td_targets):
        q_a = q_values.gather(1, actions[:, None]).squeeze(1)
        td = 0.5 * ((q_a - td_targets) ** 2).mean()
        penalty = (self.temperature * torch.logsumexp(q_values / self.temperature, dim=1) - q_a).mean()
        return td + self.cql_alpha * penalty


def get_inputs():
    q_values = torch.randn(batch_size, num_actions) * 3.0
    actions = torch.randint(0, num_actions, (batch_size,))
    td_targets = torch.randn(batch_size) * 3.0
    return [q_values, actions, td_targets]


def get_init_inputs():
    return []

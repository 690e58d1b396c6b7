"""GShard / Switch-style MoE dispatch slots: the position of every token inside the buffer of its expert
(how many earlier tokens chose the same expert), or -1 when that position is past the expert capacity."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_tokens = 1000
num_experts = 8
capacity = 125


class Model(nn.Module):
    def __init__(self, num_experts, capacity):
        super().__init__()
        self.num_experts = num_experts
        self.capacity = capacity

    def forward(self, expert_idx):
        onehot = F.one_hot(expert_idx, self.num_experts)
        before = torch.cumsum(onehot, dim=0) - onehot
        pos = (before * onehot).sum(dim=1)
        return torch.where(pos < self.capacity, pos, torch.full_like(pos, -1))


def get_inputs():
    return [torch.randint(0, num_experts, (num_tokens,))]


def get_init_inputs():
    return [num_experts, capacity]

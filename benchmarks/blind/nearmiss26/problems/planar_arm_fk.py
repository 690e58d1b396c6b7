"""Forward kinematics of planar serial arms: per configuration a base pose (x, y, heading), joint angles q_j
(relative to the previous link) and link lengths l_j; joint j sits at base + sum_{i<=j} l_i (cos th_i, sin th_i)
with th_i = heading + q_0 + ... + q_i. Output (B, J, 2) joint positions."""

import torch
import torch.nn as nn

num_arms = 512
num_joints = 7


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q: torch.Tensor, lengths: torch.Tensor, base: torch.Tensor) -> torch.Tensor:
        theta = base[:, 2:3] + torch.cumsum(q, dim=1)
        px = base[:, 0:1] + torch.cumsum(lengths * torch.cos(theta), dim=1)
        py = base[:, 1:2] + torch.cumsum(lengths * torch.sin(theta), dim=1)
        return torch.stack([px, py], dim=2)


def get_inputs():
    q = (torch.rand(num_arms, num_joints) - 0.5) * 2.0
    lengths = 0.3 + torch.rand(num_arms, num_joints)
    base = torch.cat([torch.randn(num_arms, 2), (torch.rand(num_arms, 1) - 0.5) * 6.0], dim=1)
    return [q, lengths, base]


def get_init_inputs():
    return []

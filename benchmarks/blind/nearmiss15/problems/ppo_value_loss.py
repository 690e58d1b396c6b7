"""PPO clipped value loss (CleanRL / SB3 clip_vloss): 0.5 * mean(max((v - R)^2, (v_old + clamp(v - v_old,
-clip, clip) - R)^2))."""

import torch
import torch.nn as nn

batch_size = 1000


class Model(nn.Module):
    def __init__(self, clip_coef=0.2):
        super().__init__()
        self.clip_coef = clip_coef

    def forward(self, new_values, old_values, returns):
        unclipped = (new_values - returns) ** 2
        clipped = old_values + torch.clamp(new_values - old_values, -self.clip_coef, self.clip_coef)
        clipped = (clipped - returns) ** 2
        return 0.5 * torch.max(unclipped, clipped).mean()


def get_inputs():
    old = torch.randn(batch_size)
    return [old + torch.randn(batch_size) * 0.3, old, old + torch.randn(batch_size)]


def get_init_inputs():
    return []

"""Classifier-free guidance with guidance rescale (per-sample std matching, diffusers style)."""

import torch
import torch.nn as nn

batch_size = 4
channels = 4
height = 16
width = 16
guidance_scale = 7.5
guidance_rescale = 0.7


class Model(nn.Module):
    def __init__(self, scale: float, rescale: float):
        super().__init__()
        self.scale = scale
        self.rescale = rescale

    def forward(self, cond, uncond):
        cfg = uncond + self.scale * (cond - uncond)
        std_text = cond.std(dim=(1, 2, 3), keepdim=True)
        std_cfg = cfg.std(dim=(1, 2, 3), keepdim=True)
        rescaled = cfg * (std_text / std_cfg)
        return self.rescale * rescaled + (1.0 - self.rescale) * cfg


def get_inputs():
    return [torch.randn(batch_size, channels, height, width), torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [guidance_scale, guidance_rescale]

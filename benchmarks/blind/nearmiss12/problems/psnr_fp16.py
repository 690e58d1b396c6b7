"""Per-image PSNR (peak 255) between two fp16 images in the 0..255 range; fp32 result."""

import torch
import torch.nn as nn

batch_size = 4
channels = 3
height = 48
width = 40


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        mse = ((pred.float() - target.float()) ** 2).mean(dim=(1, 2, 3))
        return 10.0 * torch.log10(255.0 ** 2 / mse)


def get_inputs():
    target = torch.rand(batch_size, channels, height, width) * 255.0
    pred = (target + torch.randn(batch_size, channels, height, width) * 20.0).clamp(0.0, 255.0)
    return [pred.half(), target.half()]


def get_init_inputs():
    return []

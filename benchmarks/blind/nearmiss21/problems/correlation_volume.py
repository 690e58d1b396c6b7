"""FlowNet / PWC-Net correlation (cost) volume: for every displacement (dy, dx) in
[-max_disp, max_disp]^2 the channel mean of f1(y, x) * f2(y + dy, x + dx), zero outside the image.
Output channel index (dy + max_disp) * (2 max_disp + 1) + (dx + max_disp)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 8
height = 13
width = 17
max_disp = 3


class Model(nn.Module):
    def __init__(self, max_disp: int):
        super().__init__()
        self.max_disp = max_disp

    def forward(self, f1: torch.Tensor, f2: torch.Tensor) -> torch.Tensor:
        B, C, H, W = f1.shape
        d = self.max_disp
        f2p = F.pad(f2, (d, d, d, d))
        out = []
        for dy in range(-d, d + 1):
            for dx in range(-d, d + 1):
                shifted = f2p[:, :, d + dy: d + dy + H, d + dx: d + dx + W]
                out.append((f1 * shifted).mean(dim=1))
        return torch.stack(out, dim=1)


def get_inputs():
    f1 = torch.randn(batch_size, channels, height, width)
    f2 = torch.randn(batch_size, channels, height, width)
    return [f1, f2]


def get_init_inputs():
    return [max_disp]

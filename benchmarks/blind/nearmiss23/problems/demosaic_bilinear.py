"""Bilinear demosaicing of an RGGB Bayer mosaic (masked colour planes convolved with the classic 3x3
kernels, reflect padding); returns (B, 3, H, W)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
height = 16
width = 20


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, raw):
        b, _, h, w = raw.shape
        dev = raw.device
        yy = torch.arange(h, device=dev)[:, None]
        xx = torch.arange(w, device=dev)[None, :]
        mask_r = ((yy % 2 == 0) & (xx % 2 == 0)).float()
        mask_b = ((yy % 2 == 1) & (xx % 2 == 1)).float()
        mask_g = 1.0 - mask_r - mask_b
        k_rb = torch.tensor([[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]], device=dev)[None, None] / 4.0
        k_g = torch.tensor([[0.0, 1.0, 0.0], [1.0, 4.0, 1.0], [0.0, 1.0, 0.0]], device=dev)[None, None] / 4.0
        planes = []
        for mask, k in ((mask_r, k_rb), (mask_g, k_g), (mask_b, k_rb)):
            p = F.pad(raw * mask, (1, 1, 1, 1), mode="reflect")
            planes.append(F.conv2d(p, k))
        return torch.cat(planes, dim=1)


def get_inputs():
    return [torch.rand(batch_size, 1, height, width)]


def get_init_inputs():
    return []

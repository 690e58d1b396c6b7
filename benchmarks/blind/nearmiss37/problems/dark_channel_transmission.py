"""Dark-channel-prior transmission map (He et al. 2009): t = max(1 - omega * min over channels and a square patch of I / A, t0), with A the per-channel image maximum."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
height = 40
width = 50
radius = 3


class Model(nn.Module):
    def __init__(self, radius: int):
        super().__init__()
        self.radius = radius
        self.omega = 0.95
        self.t0 = 0.1

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        a = img.amax(dim=(2, 3), keepdim=True)
        norm = (img / a).amin(dim=1, keepdim=True)
        r = self.radius
        pad = F.pad(-norm, (r, r, r, r), value=float("-inf"))
        dark = -F.max_pool2d(pad, 2 * r + 1, stride=1)
        return torch.clamp(1.0 - self.omega * dark[:, 0], min=self.t0)


def get_inputs():
    img = 0.15 + 0.6 * torch.rand(batch_size, 3, height, width)
    img[:, :, 5:17, 8:22] = 0.985 + 0.015 * torch.rand(batch_size, 3, 12, 14)
    img[:, 1, height - 12:, width - 15:] *= 0.3
    return [img]


def get_init_inputs():
    return [radius]

"""Harris corner response of a grey image batch: Sobel gradients (scaled by 1/8, replicate border),
structure tensor summed over a 3x3 window (zero border), det - k * trace^2."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
height = 30
width = 44


class Model(nn.Module):
    def __init__(self, k: float):
        super().__init__()
        self.k = k

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        kx = torch.tensor([[-1.0, 0.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 0.0, 1.0]],
                          dtype=img.dtype, device=img.device) / 8.0
        ky = kx.t().contiguous()
        pad = F.pad(img, (1, 1, 1, 1), mode="replicate")
        dx = F.conv2d(pad, kx.view(1, 1, 3, 3))
        dy = F.conv2d(pad, ky.view(1, 1, 3, 3))
        win = torch.ones(1, 1, 3, 3, dtype=img.dtype, device=img.device)
        sxx = F.conv2d(dx * dx, win, padding=1)
        syy = F.conv2d(dy * dy, win, padding=1)
        sxy = F.conv2d(dx * dy, win, padding=1)
        return sxx * syy - sxy * sxy - self.k * (sxx + syy) ** 2


def get_inputs():
    img = torch.rand(batch_size, 1, height, width)
    img[:, :, height // 3:, width // 2:] += 1.0  # a bright quadrant: edges and a corner
    return [img]


def get_init_inputs():
    return [0.04]

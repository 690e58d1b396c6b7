"""HOG cell histograms (scikit-image style): central-difference gradients, 9 unsigned orientation bins, 8 x 8 cells."""

import torch
import torch.nn as nn

batch_size = 2
height = 50
width = 90
cell = 8
num_bins = 9


class Model(nn.Module):
    def __init__(self, cell: int, num_bins: int):
        super().__init__()
        self.cell = cell
        self.num_bins = num_bins

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        b, h, w = img.shape
        gx = torch.zeros_like(img)
        gy = torch.zeros_like(img)
        gx[:, :, 1:-1] = img[:, :, 2:] - img[:, :, :-2]
        gy[:, 1:-1, :] = img[:, 2:, :] - img[:, :-2, :]
        mag = torch.sqrt(gx * gx + gy * gy)
        ori = torch.remainder(torch.rad2deg(torch.atan2(gy, gx)), 180.0)
        width_deg = 180.0 / self.num_bins
        idx = torch.clamp(torch.floor(ori / width_deg).long(), max=self.num_bins - 1)
        c = self.cell
        hc, wc = h // c, w // c
        mag = mag[:, :hc * c, :wc * c]
        idx = idx[:, :hc * c, :wc * c]
        onehot = torch.nn.functional.one_hot(idx, self.num_bins).to(img.dtype) * mag.unsqueeze(3)
        hist = onehot.reshape(b, hc, c, wc, c, self.num_bins).sum(dim=(2, 4))
        return hist / (c * c)


def get_inputs():
    yy = torch.linspace(0, 1, height).unsqueeze(1)
    xx = torch.linspace(0, 1, width).unsqueeze(0)
    base = torch.sin(6.0 * xx + 4.0 * yy) + torch.cos(9.0 * yy - 3.0 * xx)
    img = base.unsqueeze(0) + 0.8 * torch.randn(batch_size, height, width)
    return [img]


def get_init_inputs():
    return [cell, num_bins]

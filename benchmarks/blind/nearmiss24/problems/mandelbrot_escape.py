"""Escape-time counts of the Mandelbrot iteration z <- z^2 + c for a grid of sample points c (how many iterations
each point stays inside |z| <= 2, up to a maximum)."""

import torch
import torch.nn as nn

height = 45
width = 64
max_iter = 40


class Model(nn.Module):
    def __init__(self, max_iter: int):
        super().__init__()
        self.max_iter = max_iter

    def forward(self, c_re, c_im):
        zr = torch.zeros_like(c_re)
        zi = torch.zeros_like(c_im)
        count = torch.zeros(c_re.shape, dtype=torch.int32, device=c_re.device)
        active = torch.ones(c_re.shape, dtype=torch.bool, device=c_re.device)
        for _ in range(self.max_iter):
            zr2 = zr * zr
            zi2 = zi * zi
            active = active & (zr2 + zi2 <= 4.0)
            zi_new = 2.0 * zr * zi + c_im
            zr_new = zr2 - zi2 + c_re
            zr = torch.where(active, zr_new, zr)
            zi = torch.where(active, zi_new, zi)
            count = count + active.to(torch.int32)
        return count


def get_inputs():
    c_re = torch.rand(height, width) * 2.6 - 2.0
    c_im = torch.rand(height, width) * 2.4 - 1.2
    return [c_re, c_im]


def get_init_inputs():
    return [max_iter]

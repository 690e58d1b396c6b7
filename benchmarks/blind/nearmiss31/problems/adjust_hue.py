"""Hue rotation of float RGB images in [0, 1] (torchvision-style adjust_hue: RGB -> HSV, shift the hue modulo 1, HSV -> RGB)."""

import torch
import torch.nn as nn

batch_size = 4
height = 32
width = 40


def _rgb_to_hsv(img):
    r, g, b = img.unbind(dim=-3)
    maxc = img.amax(dim=-3)
    minc = img.amin(dim=-3)
    grey = maxc == minc
    delta = maxc - minc
    s = delta / torch.where(grey, torch.ones_like(maxc), maxc)
    d = torch.where(grey, torch.ones_like(delta), delta)
    rc = (maxc - r) / d
    gc = (maxc - g) / d
    bc = (maxc - b) / d
    is_r = maxc == r
    is_g = (maxc == g) & ~is_r
    h = torch.where(is_r, bc - gc, torch.where(is_g, 2.0 + rc - bc, 4.0 + gc - rc))
    h = torch.fmod(h / 6.0 + 1.0, 1.0)
    return h, s, maxc


def _hsv_to_rgb(h, s, v):
    h6 = h * 6.0
    i = torch.floor(h6)
    f = h6 - i
    i = i.to(torch.int64) % 6
    p = (v * (1.0 - s)).clamp(0.0, 1.0)
    q = (v * (1.0 - s * f)).clamp(0.0, 1.0)
    t = (v * (1.0 - s * (1.0 - f))).clamp(0.0, 1.0)
    idx = i.unsqueeze(0)
    r = torch.stack([v, q, p, p, t, v]).gather(0, idx).squeeze(0)
    g = torch.stack([t, v, v, q, p, p]).gather(0, idx).squeeze(0)
    b = torch.stack([p, p, t, v, v, q]).gather(0, idx).squeeze(0)
    return torch.stack([r, g, b], dim=-3)


class Model(nn.Module):
    def __init__(self, hue_factor: float = -0.3):
        super().__init__()
        self.hue_factor = hue_factor

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        h, s, v = _rgb_to_hsv(img)
        h = torch.remainder(h + self.hue_factor, 1.0)
        return _hsv_to_rgb(h, s, v)


def get_inputs():
    img = torch.rand(batch_size, 3, height, width)
    grey = torch.rand(batch_size, 1, height, width) < 0.05
    img = torch.where(grey, img[:, :1].expand(-1, 3, -1, -1), img)
    return [img]


def get_init_inputs():
    return [-0.3]

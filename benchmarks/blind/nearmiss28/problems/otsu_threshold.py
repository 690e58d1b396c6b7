"""Otsu's global threshold of 8-bit grey-level histograms (maximum between-class variance, first maximum)."""

import torch
import torch.nn as nn

num_images = 30
num_pixels = 4096


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, hist: torch.Tensor) -> torch.Tensor:
        # hist: (num_images, 256) int64 pixel counts; returns (num_images,) int64 thresholds t
        # (class 0 holds the levels <= t)
        h = hist.double()
        levels = torch.arange(hist.shape[1], device=hist.device, dtype=torch.float64)
        w0 = torch.cumsum(h, dim=1)
        s0 = torch.cumsum(h * levels, dim=1)
        n = h.sum(dim=1, keepdim=True)
        total = (h * levels).sum(dim=1, keepdim=True)
        num = (n * s0 - total * w0) ** 2
        den = w0 * (n - w0)
        var = torch.where(den > 0, num / den.clamp(min=1.0), torch.zeros_like(num))
        return torch.argmax(var, dim=1)


def get_inputs():
    g = num_images
    mu0 = 30.0 + 70.0 * torch.rand(g, 1)
    mu1 = 130.0 + 90.0 * torch.rand(g, 1)
    sd = 8.0 + 20.0 * torch.rand(g, 2)
    frac = 0.2 + 0.6 * torch.rand(g, 1)
    pick = torch.rand(g, num_pixels) < frac
    px = torch.where(pick, mu0 + sd[:, :1] * torch.randn(g, num_pixels), mu1 + sd[:, 1:] * torch.randn(g, num_pixels))
    px = px.round().clamp(0, 255).long()
    hist = torch.zeros(g, 256, dtype=torch.int64)
    hist.scatter_add_(1, px, torch.ones_like(px))
    return [hist]


def get_init_inputs():
    return []

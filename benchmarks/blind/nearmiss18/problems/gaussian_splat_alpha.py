"""Per-pixel alpha of 2-D Gaussian splats as in the 3D Gaussian Splatting rasterizer: conic from the
inverse 2x2 covariance, alpha = min(0.99, opacity * exp(power)), alphas below 1/255 dropped.
Pixel (row, col) is at (x = col, y = row)."""

import torch
import torch.nn as nn

num_gaussians = 6
height = 24
width = 32


class Model(nn.Module):
    def __init__(self, img_h, img_w):
        super().__init__()
        self.img_h, self.img_w = img_h, img_w

    def forward(self, means, cov, opacity):
        dev = means.device
        height, width = self.img_h, self.img_w
        a, b, c = cov[:, 0], cov[:, 1], cov[:, 2]
        det = a * c - b * b
        ca, cb, cc = c / det, -b / det, a / det
        ys = torch.arange(height, device=dev, dtype=torch.float32)[:, None].expand(height, width)
        xs = torch.arange(width, device=dev, dtype=torch.float32)[None, :].expand(height, width)
        dx = means[:, 0, None, None] - xs[None]
        dy = means[:, 1, None, None] - ys[None]
        power = -0.5 * (ca[:, None, None] * dx * dx + cc[:, None, None] * dy * dy) - cb[:, None, None] * dx * dy
        alpha = torch.clamp(opacity[:, None, None] * torch.exp(power), max=0.99)
        return torch.where(alpha < 1.0 / 255.0, torch.zeros_like(alpha), alpha)


def get_inputs():
    means = torch.rand(num_gaussians, 2) * torch.tensor([float(width), float(height)])
    sx = 1.5 + torch.rand(num_gaussians) * 4.0
    sy = 1.5 + torch.rand(num_gaussians) * 4.0
    rho = (torch.rand(num_gaussians) * 2.0 - 1.0) * 0.8
    cov = torch.stack([sx * sx, rho * sx * sy, sy * sy], dim=1)
    opacity = 0.5 + torch.rand(num_gaussians) * 0.5
    means[:2] = means[:2].floor()
    opacity[:2] = 1.0
    return [means, cov, opacity]


def get_init_inputs():
    return [height, width]

"""The seven Hu moment invariants of grey-level images (as OpenCV's HuMoments of moments())."""

import torch
import torch.nn as nn

batch_size = 4
height = 48
width = 40


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        B, H, W = img.shape
        ys = torch.arange(H, device=img.device, dtype=img.dtype)[None, :, None]
        xs = torch.arange(W, device=img.device, dtype=img.dtype)[None, None, :]
        m00 = img.sum((1, 2))
        xb = (img * xs).sum((1, 2)) / m00
        yb = (img * ys).sum((1, 2)) / m00
        dx = xs - xb[:, None, None]
        dy = ys - yb[:, None, None]

        def eta(p, q):
            mu = (img * dx ** p * dy ** q).sum((1, 2))
            return mu / m00 ** (1 + (p + q) / 2)

        n20, n02, n11 = eta(2, 0), eta(0, 2), eta(1, 1)
        n30, n03, n21, n12 = eta(3, 0), eta(0, 3), eta(2, 1), eta(1, 2)
        h1 = n20 + n02
        h2 = (n20 - n02) ** 2 + 4 * n11 ** 2
        h3 = (n30 - 3 * n12) ** 2 + (3 * n21 - n03) ** 2
        h4 = (n30 + n12) ** 2 + (n21 + n03) ** 2
        h5 = (n30 - 3 * n12) * (n30 + n12) * ((n30 + n12) ** 2 - 3 * (n21 + n03) ** 2) + \
             (3 * n21 - n03) * (n21 + n03) * (3 * (n30 + n12) ** 2 - (n21 + n03) ** 2)
        h6 = (n20 - n02) * ((n30 + n12) ** 2 - (n21 + n03) ** 2) + 4 * n11 * (n30 + n12) * (n21 + n03)
        h7 = (3 * n21 - n03) * (n30 + n12) * ((n30 + n12) ** 2 - 3 * (n21 + n03) ** 2) - \
             (n30 - 3 * n12) * (n21 + n03) * (3 * (n30 + n12) ** 2 - (n21 + n03) ** 2)
        return torch.stack([h1, h2, h3, h4, h5, h6, h7], dim=-1)


def get_inputs():
    ys = torch.arange(height).float()[None, :, None]
    xs = torch.arange(width).float()[None, None, :]
    cx = width * (0.3 + 0.3 * torch.rand(batch_size, 1, 1))
    cy = height * (0.3 + 0.4 * torch.rand(batch_size, 1, 1))
    th = 3.1416 * torch.rand(batch_size, 1, 1)
    u = (xs - cx) * torch.cos(th) + (ys - cy) * torch.sin(th)
    v = -(xs - cx) * torch.sin(th) + (ys - cy) * torch.cos(th)
    blob = torch.exp(-(u / 9.0) ** 2 - (v / 4.0) ** 2)
    blob2 = 0.6 * torch.exp(-((xs - cx * 0.5) ** 2 + (ys - cy * 1.3) ** 2) / 20.0)
    return [blob + blob2 + 0.05 * torch.rand(batch_size, height, width)]


def get_init_inputs():
    return []

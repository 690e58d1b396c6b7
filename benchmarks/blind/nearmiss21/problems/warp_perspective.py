"""Perspective warp (kornia.geometry.warp_perspective style): every output pixel (x, y) is mapped by
a per-image 3x3 matrix (output -> input, homogeneous coordinates) and sampled bilinearly from the
input with zero padding, align_corners=True pixel coordinates."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
channels = 3
height = 19
width = 23
out_height = 17
out_width = 21


class Model(nn.Module):
    def __init__(self, out_height: int, out_width: int):
        super().__init__()
        self.out_height = out_height
        self.out_width = out_width

    def forward(self, img: torch.Tensor, mat: torch.Tensor) -> torch.Tensor:
        B, C, H, W = img.shape
        ys, xs = torch.meshgrid(torch.arange(self.out_height, device=img.device, dtype=img.dtype),
                                torch.arange(self.out_width, device=img.device, dtype=img.dtype), indexing="ij")
        pts = torch.stack([xs, ys, torch.ones_like(xs)], dim=-1).reshape(-1, 3)
        src = torch.einsum("bij,pj->bpi", mat, pts)
        sx = src[..., 0] / src[..., 2]
        sy = src[..., 1] / src[..., 2]
        grid = torch.stack([2.0 * sx / (W - 1) - 1.0, 2.0 * sy / (H - 1) - 1.0], dim=-1)
        grid = grid.reshape(B, self.out_height, self.out_width, 2)
        return F.grid_sample(img, grid, mode="bilinear", padding_mode="zeros", align_corners=True)


def get_inputs():
    img = torch.randn(batch_size, channels, height, width)
    mat = torch.eye(3).repeat(batch_size, 1, 1)
    mat[:, :2, :2] += 0.15 * torch.randn(batch_size, 2, 2)
    mat[:, :2, 2] = torch.randn(batch_size, 2) * 2.0 - 1.0
    mat[:, 2, :2] = torch.rand(batch_size, 2) * 0.008 - 0.002
    return [img, mat]


def get_init_inputs():
    return [out_height, out_width]

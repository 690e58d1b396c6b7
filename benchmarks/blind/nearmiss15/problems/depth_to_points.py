"""Back-projection of a depth map to camera-frame 3D points with a pinhole intrinsic matrix
K = [[fx, 0, cx], [0, fy, cy], [0, 0, 1]]: X = (u - cx) / fx * d, Y = (v - cy) / fy * d, Z = d, where u
is the column and v the row index."""

import torch
import torch.nn as nn

batch_size = 2
height = 24
width = 32


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, depth, K):
        B, _, H, W = depth.shape
        v = torch.arange(H, device=depth.device, dtype=depth.dtype)[None, :, None]
        u = torch.arange(W, device=depth.device, dtype=depth.dtype)[None, None, :]
        fx = K[:, 0, 0][:, None, None]
        fy = K[:, 1, 1][:, None, None]
        cx = K[:, 0, 2][:, None, None]
        cy = K[:, 1, 2][:, None, None]
        d = depth[:, 0]
        x = (u - cx) / fx * d
        y = (v - cy) / fy * d
        return torch.stack([x, y, d], dim=1)


def get_inputs():
    depth = torch.rand(batch_size, 1, height, width) * 10.0 + 0.5
    K = torch.zeros(batch_size, 3, 3)
    K[:, 0, 0] = 300.0 + torch.rand(batch_size) * 50.0
    K[:, 1, 1] = 300.0 + torch.rand(batch_size) * 50.0
    K[:, 0, 2] = width / 2.0 + torch.randn(batch_size)
    K[:, 1, 2] = height / 2.0 + torch.randn(batch_size)
    K[:, 2, 2] = 1.0
    return [depth, K]


def get_init_inputs():
    return []

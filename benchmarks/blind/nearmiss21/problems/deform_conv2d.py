"""Deformable convolution v1 (torchvision.ops.deform_conv2d semantics, one offset group, no mask):
3x3 kernel, stride 1, padding 1; every tap samples the input bilinearly at its offset position
(offsets laid out as (dy, dx) pairs per tap), zero outside the image."""

import torch
import torch.nn as nn

batch_size = 2
in_channels = 3
out_channels = 5
height = 11
width = 13


def _bilinear(img: torch.Tensor, y: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    B, C, H, W = img.shape
    y0 = torch.floor(y)
    x0 = torch.floor(x)
    ly = y - y0
    lx = x - x0
    flat = img.reshape(B, C, H * W)
    out = torch.zeros(B, C, *y.shape[1:], device=img.device, dtype=img.dtype)
    for dy, dx in ((0, 0), (0, 1), (1, 0), (1, 1)):
        yy = y0 + dy
        xx = x0 + dx
        wgt = (ly if dy else 1 - ly) * (lx if dx else 1 - lx)
        ok = (yy >= 0) & (yy <= H - 1) & (xx >= 0) & (xx <= W - 1)
        idx = (yy.clamp(0, H - 1) * W + xx.clamp(0, W - 1)).long().reshape(B, 1, -1).expand(B, C, -1)
        val = flat.gather(2, idx).reshape(out.shape)
        out = out + val * (wgt * ok)[:, None]
    return out


class Model(nn.Module):
    def __init__(self, in_channels: int, out_channels: int):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_channels, in_channels, 3, 3) * 0.3)
        self.bias = nn.Parameter(torch.randn(out_channels) * 0.1)

    def forward(self, x: torch.Tensor, offset: torch.Tensor) -> torch.Tensor:
        B, C, H, W = x.shape
        ys = torch.arange(H, device=x.device, dtype=x.dtype)[:, None].expand(H, W)
        xs = torch.arange(W, device=x.device, dtype=x.dtype)[None, :].expand(H, W)
        out = self.bias[None, :, None, None].expand(B, -1, H, W).clone()
        for k in range(9):
            ki, kj = divmod(k, 3)
            py = ys[None] - 1 + ki + offset[:, 2 * k]
            px = xs[None] - 1 + kj + offset[:, 2 * k + 1]
            sampled = _bilinear(x, py, px)
            out = out + torch.einsum("oc,bchw->bohw", self.weight[:, :, ki, kj], sampled)
        return out


def get_inputs():
    x = torch.randn(batch_size, in_channels, height, width)
    offset = 1.5 * torch.randn(batch_size, 18, height, width)
    return [x, offset]


def get_init_inputs():
    return [in_channels, out_channels]

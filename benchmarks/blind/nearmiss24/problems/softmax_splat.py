"""Softmax splatting (Niklaus & Liu 2020): forward-warp every source pixel along its flow to the four
surrounding target pixels with bilinear weights times exp(importance metric), then normalise by the splatted
weight (target pixels that receive nothing stay zero)."""

import torch
import torch.nn as nn

batch_size = 2
channels = 3
height = 24
width = 30


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, img, flow, metric):
        B, C, H, W = img.shape
        ys, xs = torch.meshgrid(torch.arange(H, device=img.device, dtype=img.dtype),
                                torch.arange(W, device=img.device, dtype=img.dtype), indexing="ij")
        tx = xs[None] + flow[:, 0]
        ty = ys[None] + flow[:, 1]
        x0 = torch.floor(tx)
        y0 = torch.floor(ty)
        wgt = torch.exp(metric[:, 0])
        src = torch.cat([img * wgt[:, None], wgt[:, None]], 1).reshape(B, C + 1, -1)
        acc = torch.zeros(B, C + 1, H * W, dtype=img.dtype, device=img.device)
        for cx, cy in ((0, 0), (1, 0), (0, 1), (1, 1)):
            px = x0 + cx
            py = y0 + cy
            bw = (1.0 - (tx - px).abs()) * (1.0 - (ty - py).abs())
            ok = (px >= 0) & (px < W) & (py >= 0) & (py < H)
            idx = torch.where(ok, py * W + px, torch.zeros_like(px)).long().reshape(B, -1)
            val = src * torch.where(ok, bw, torch.zeros_like(bw)).reshape(B, 1, -1)
            acc.scatter_add_(2, idx[:, None, :].expand(B, C + 1, H * W), val)
        den = acc[:, C:]
        den = torch.where(den == 0, torch.ones_like(den), den)
        return (acc[:, :C] / den).reshape(B, C, H, W)


def get_inputs():
    img = torch.rand(batch_size, channels, height, width)
    flow = torch.randn(batch_size, 2, height, width) * 2.5
    flow[:, 0] += 1.5
    metric = torch.randn(batch_size, 1, height, width)
    return [img, flow, metric]


def get_init_inputs():
    return []

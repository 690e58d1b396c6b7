"""Gated integrated loudness of K-weighted signals (ITU-R BS.1770 / pyloudnorm gating: 75 % overlapping blocks,
absolute gate -70 LUFS, relative gate 10 LU below the absolute-gated mean)."""

import torch
import torch.nn as nn

batch_size = 4
length = 1500
block = 64


class Model(nn.Module):
    def __init__(self, block: int):
        super().__init__()
        self.block = block

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        hop = self.block // 4
        z = (x * x).unfold(1, self.block, hop).mean(dim=2)
        lj = -0.691 + 10.0 * torch.log10(z)
        g_abs = lj > -70.0
        zero = torch.zeros_like(z)
        mean_abs = torch.where(g_abs, z, zero).sum(dim=1) / g_abs.sum(dim=1)
        gamma_r = -0.691 + 10.0 * torch.log10(mean_abs) - 10.0
        g_rel = g_abs & (lj > gamma_r.unsqueeze(1))
        mean_rel = torch.where(g_rel, z, zero).sum(dim=1) / g_rel.sum(dim=1)
        return -0.691 + 10.0 * torch.log10(mean_rel)


def get_inputs():
    levels = torch.tensor([0.0, 1e-4, 0.03, 0.06, 0.2, 0.5])
    seg = 250
    n_seg = (length + seg - 1) // seg
    order = torch.argsort(torch.rand(batch_size, len(levels)), dim=1)
    rms = levels[order][:, :n_seg].repeat_interleave(seg, dim=1)[:, :length]
    return [rms * torch.randn(batch_size, length)]


def get_init_inputs():
    return [block]

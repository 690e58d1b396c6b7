"""Normalised cross-correlation of a template against every full window of a signal (match_template style, 'valid'
positions; 0 where a window or the template has no variance)."""

import torch
import torch.nn as nn

batch_size = 4
length = 600
tmpl_len = 40


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, tmpl: torch.Tensor) -> torch.Tensor:
        m = tmpl.shape[1]
        win = x.unfold(1, m, 1)
        wc = win - win.mean(dim=2, keepdim=True)
        tc = tmpl - tmpl.mean(dim=1, keepdim=True)
        num = (wc * tc.unsqueeze(1)).sum(dim=2)
        den = torch.sqrt((wc * wc).sum(dim=2) * (tc * tc).sum(dim=1, keepdim=True))
        return torch.where(den > 0, num / torch.where(den > 0, den, torch.ones_like(den)), torch.zeros_like(den))


def get_inputs():
    t = torch.linspace(0, 1, tmpl_len)
    tmpl = 2.0 + torch.sin(12.0 * t) * torch.exp(-3.0 * t) + 0.2 * torch.randn(batch_size, tmpl_len)
    x = torch.randn(batch_size, length)
    for pos, gain in ((length // 6, 3.0), (length // 2, -2.0), (length - tmpl_len - 20, 5.0)):
        x[:, pos:pos + tmpl_len] += gain * tmpl + 1.0
    return [x, tmpl]


def get_init_inputs():
    return []

"""RWKV-4 WKV time mixing (forward), the numerically stable recurrence of the reference CUDA kernel:
a running exponentially decayed weighted average of v with weights exp(k), a bonus u for the current
token and a per-channel decay w = -exp(time_decay)."""

import torch
import torch.nn as nn

batch_size = 2
seq_len = 64
channels = 96


class Model(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.time_decay = nn.Parameter(torch.randn(channels) * 0.5 - 1.0)
        self.time_first = nn.Parameter(torch.randn(channels) * 0.5)

    def forward(self, k, v):
        w = -torch.exp(self.time_decay)
        u = self.time_first
        B, T, C = k.shape
        aa = torch.zeros(B, C, device=k.device, dtype=k.dtype)
        bb = torch.zeros(B, C, device=k.device, dtype=k.dtype)
        pp = torch.full((B, C), -1e38, device=k.device, dtype=k.dtype)
        out = []
        for t in range(T):
            kk = k[:, t]
            vv = v[:, t]
            ww = u + kk
            p = torch.maximum(pp, ww)
            e1 = torch.exp(pp - p)
            e2 = torch.exp(ww - p)
            out.append((e1 * aa + e2 * vv) / (e1 * bb + e2))
            ww = w + pp
            p = torch.maximum(ww, kk)
            e1 = torch.exp(ww - p)
            e2 = torch.exp(kk - p)
            aa = e1 * aa + e2 * vv
            bb = e1 * bb + e2
            pp = p
        return torch.stack(out, dim=1)


def get_inputs():
    return [torch.randn(batch_size, seq_len, channels), torch.randn(batch_size, seq_len, channels)]


def get_init_inputs():
    return [channels]

"""llama.cpp Q4_K dequantisation: super-blocks of 256 weights, each with an fp16 scale d and min dmin, twelve
bytes packing eight 6-bit sub-block scales and eight 6-bit sub-block mins (get_scale_min_k4 layout), and 128
bytes of 4-bit quants (each 64-weight chunk: low nibbles for its first 32 weights, high nibbles for the next 32).
y = d * scale_j * q - dmin * min_j, returned as float32 (num_blocks, 256)."""

import torch
import torch.nn as nn

num_blocks = 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, d, dmin, scales, qs):
        nb = d.shape[0]
        sc = scales.long()
        s_lo = sc[:, 0:4] & 63
        m_lo = sc[:, 4:8] & 63
        s_hi = (sc[:, 8:12] & 0xF) | ((sc[:, 0:4] >> 6) << 4)
        m_hi = (sc[:, 8:12] >> 4) | ((sc[:, 4:8] >> 6) << 4)
        s = torch.cat([s_lo, s_hi], dim=1).float()
        m = torch.cat([m_lo, m_hi], dim=1).float()
        q = qs.long().view(nb, 4, 32)
        vals = torch.stack([q & 0xF, q >> 4], dim=2).view(nb, 8, 32).float()
        d1 = d.float()[:, None] * s
        m1 = dmin.float()[:, None] * m
        y = d1[:, :, None] * vals - m1[:, :, None]
        return y.reshape(nb, 256)


def get_inputs():
    d = (torch.rand(num_blocks) * 0.02 + 0.001).half()
    dmin = (torch.rand(num_blocks) * 0.02 + 0.001).half()
    scales = torch.randint(0, 256, (num_blocks, 12), dtype=torch.uint8)
    qs = torch.randint(0, 256, (num_blocks, 128), dtype=torch.uint8)
    return [d, dmin, scales, qs]


def get_init_inputs():
    return []

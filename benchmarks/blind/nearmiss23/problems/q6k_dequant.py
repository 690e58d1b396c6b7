"""llama.cpp Q6_K dequantisation: super-blocks of 256 weights, 4 low bits in ql, 2 high bits in qh,
16 signed 8-bit sub-block scales and one fp16 super-block scale."""

import torch
import torch.nn as nn

num_blocks = 8


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, ql, qh, scales, d):
        nb = ql.shape[0]
        ql = ql.long()
        qh = qh.long()
        sc = scales.float()
        d = d.float()
        y = torch.empty(nb, 256, dtype=torch.float32, device=ql.device)
        l = torch.arange(32, device=ql.device)
        for half in range(2):
            qlh = ql[:, 64 * half: 64 * half + 64]
            qhh = qh[:, 32 * half: 32 * half + 32]
            sch = sc[:, 8 * half: 8 * half + 8]
            q1 = ((qlh[:, l] & 0xF) | (((qhh[:, l] >> 0) & 3) << 4)) - 32
            q2 = ((qlh[:, l + 32] & 0xF) | (((qhh[:, l] >> 2) & 3) << 4)) - 32
            q3 = ((qlh[:, l] >> 4) | (((qhh[:, l] >> 4) & 3) << 4)) - 32
            q4 = ((qlh[:, l + 32] >> 4) | (((qhh[:, l] >> 6) & 3) << 4)) - 32
            isc = l // 16
            base = 128 * half
            y[:, base + l] = d[:, None] * sch[:, isc] * q1
            y[:, base + 32 + l] = d[:, None] * sch[:, isc + 2] * q2
            y[:, base + 64 + l] = d[:, None] * sch[:, isc + 4] * q3
            y[:, base + 96 + l] = d[:, None] * sch[:, isc + 6] * q4
        return y


def get_inputs():
    ql = torch.randint(0, 256, (num_blocks, 128), dtype=torch.uint8)
    qh = torch.randint(0, 256, (num_blocks, 64), dtype=torch.uint8)
    scales = torch.randint(-128, 128, (num_blocks, 16), dtype=torch.int8)
    d = (torch.rand(num_blocks) * 0.01 + 0.001).half()
    return [ql, qh, scales, d]


def get_init_inputs():
    return []

"""GPTQ int4 weight dequantisation with act-order group indices (g_idx) and packed zero points (v1 format, zero + 1)."""

import torch
import torch.nn as nn

in_features = 64
out_features = 32
group_size = 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, qweight, qzeros, scales, g_idx):
        shifts = torch.arange(0, 32, 4, device=qweight.device, dtype=torch.int32)
        q = (qweight.unsqueeze(1) >> shifts.view(1, 8, 1)) & 15
        q = q.reshape(-1, qweight.shape[1])
        z = (qzeros.unsqueeze(2) >> shifts.view(1, 1, 8)) & 15
        z = z.reshape(qzeros.shape[0], -1)
        g = g_idx.long()
        return (q - (z[g] + 1)).float() * scales[g]


def get_inputs():
    qweight = torch.randint(-2 ** 31, 2 ** 31, (in_features // 8, out_features), dtype=torch.int32)
    groups = in_features // group_size
    qzeros = torch.randint(-2 ** 31, 2 ** 31, (groups, out_features // 8), dtype=torch.int32)
    scales = torch.rand(groups, out_features) * 0.02 + 0.005
    g_idx = (torch.arange(in_features) // group_size)[torch.randperm(in_features)].to(torch.int32)
    return [qweight, qzeros, scales, g_idx]


def get_init_inputs():
    return []

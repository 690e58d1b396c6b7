"""W8A8 int8 GEMM with per-token (row) activation scales, per-channel weight scales and a bias
(vLLM / SmoothQuant style scaled_mm): int32 accumulation of int8 x int8^T, fp32 epilogue, fp16 output."""

import torch
import torch.nn as nn

M = 29
K = 75
N = 43


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b, scale_a, scale_b, bias):
        acc = a.to(torch.int32) @ b.to(torch.int32).T
        out = acc.to(torch.float32) * scale_a * scale_b[None, :] + bias[None, :]
        return out.to(torch.float16)


def get_inputs():
    a = torch.randint(-127, 128, (M, K), dtype=torch.int8)
    b = torch.randint(-127, 128, (N, K), dtype=torch.int8)
    scale_a = (torch.rand(M, 1) * 0.5 + 0.5) / 127.0
    scale_b = (torch.rand(N) * 0.5 + 0.5) / 127.0
    bias = torch.randn(N)
    return [a, b, scale_a, scale_b, bias]


def get_init_inputs():
    return []

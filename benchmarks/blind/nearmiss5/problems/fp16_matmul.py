"""fp16 matmul with fp32 accumulation, fp16 result."""

import torch
import torch.nn as nn

M = 64
K = 128
N = 48


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return (a.float() @ b.float()).to(a.dtype)


def get_inputs():
    return [torch.randn(M, K).half(), torch.randn(K, N).half()]


def get_init_inputs():
    return []

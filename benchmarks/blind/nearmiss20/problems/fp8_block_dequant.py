"""Block-wise FP8 weight dequantisation (DeepSeek-V3 weight_dequant): y = x.float() * s[i // B, j // B]
with B = block_size, x in float8_e4m3fn (M, N), s (ceil(M / B), ceil(N / B)) float32."""

import torch
import torch.nn as nn

rows = 300
cols = 200
block_size = 128


class Model(nn.Module):
    def __init__(self, block_size: int = 128):
        super().__init__()
        self.block_size = block_size

    def forward(self, x: torch.Tensor, s: torch.Tensor) -> torch.Tensor:
        M, N = x.shape
        b = self.block_size
        scale = s.repeat_interleave(b, dim=0)[:M].repeat_interleave(b, dim=1)[:, :N]
        return x.to(torch.float32) * scale


def get_inputs():
    x = (torch.randn(rows, cols) * 2.0).to(torch.float8_e4m3fn)
    s = torch.rand((rows + block_size - 1) // block_size, (cols + block_size - 1) // block_size) + 0.5
    return [x, s]


def get_init_inputs():
    return [block_size]

"""Second-order sigma-delta modulator (two delay-free integrators, one-bit quantiser), one channel per row."""

import torch
import torch.nn as nn

num_channels = 48
num_samples = 256


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # x: (C, T) float32 in (-0.7, 0.7); returns (C, T) int64 bitstream in {-1, +1}
        c, t = x.shape
        u1 = torch.zeros(c, device=x.device, dtype=x.dtype)
        u2 = torch.zeros(c, device=x.device, dtype=x.dtype)
        y = torch.zeros(c, device=x.device, dtype=x.dtype)
        out = torch.empty(c, t, device=x.device, dtype=torch.int64)
        for i in range(t):
            u1 = u1 + x[:, i] - y
            u2 = u2 + u1 - y
            y = torch.where(u2 >= 0, torch.ones_like(u2), -torch.ones_like(u2))
            out[:, i] = y.long()
        return out


def get_inputs():
    n = torch.arange(num_samples, dtype=torch.float32)
    freq = 0.002 + 0.02 * torch.rand(num_channels, 1)
    phase = 6.283 * torch.rand(num_channels, 1)
    amp = 0.2 + 0.4 * torch.rand(num_channels, 1)
    x = amp * torch.sin(6.2831853 * freq * n[None, :] + phase) + 0.03 * torch.randn(num_channels, num_samples)
    return [x.clamp(-0.69, 0.69)]


def get_init_inputs():
    return []

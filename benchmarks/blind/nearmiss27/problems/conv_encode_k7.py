"""Rate-1/2, constraint-length-7 convolutional encoder (generators 171/133 octal), zero initial state."""

import torch
import torch.nn as nn

num_frames = 16
frame_bits = 240


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.g1 = 0o171
        self.g2 = 0o133

    def forward(self, bits: torch.Tensor) -> torch.Tensor:
        # bits: (B, L) int64 in {0, 1}. Returns (B, 2L) int64 coded bits, interleaved (g1 bit, g2 bit).
        b, n = bits.shape
        padded = torch.nn.functional.pad(bits, (6, 0))
        reg = torch.zeros_like(bits)
        for k in range(7):
            # tap k is the input bit k steps ago; the newest bit is the register's most significant bit
            reg = reg | (padded[:, 6 - k:6 - k + n] << (6 - k))
        out = torch.empty(b, n, 2, dtype=torch.int64, device=bits.device)
        for c, g in enumerate((self.g1, self.g2)):
            v = reg & g
            par = torch.zeros_like(v)
            for bit in range(7):
                par = par ^ ((v >> bit) & 1)
            out[:, :, c] = par
        return out.reshape(b, 2 * n)


def get_inputs():
    return [torch.randint(0, 2, (num_frames, frame_bits))]


def get_init_inputs():
    return []

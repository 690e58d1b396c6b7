"""RoPE angle table with Llama-3 frequency scaling (long wavelengths divided by the factor, short ones kept, a smooth blend in between): angle[p, i] = position[p] * scaled_inv_freq[i]."""

import math

import torch
import torch.nn as nn

num_positions = 64
num_freqs = 256
old_context_len = 8192


class Model(nn.Module):
    def __init__(self, factor: float, low_freq_factor: float, high_freq_factor: float, old_context_len: int):
        super().__init__()
        self.factor = factor
        self.low_freq_factor = low_freq_factor
        self.high_freq_factor = high_freq_factor
        self.old_context_len = old_context_len

    def forward(self, inv_freq: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
        low_freq_wavelen = self.old_context_len / self.low_freq_factor
        high_freq_wavelen = self.old_context_len / self.high_freq_factor
        wavelen = 2 * math.pi / inv_freq
        inv_freq_llama = torch.where(wavelen > low_freq_wavelen, inv_freq / self.factor, inv_freq)
        smooth = (self.old_context_len / wavelen - self.low_freq_factor) / (self.high_freq_factor - self.low_freq_factor)
        smoothed = (1 - smooth) * inv_freq_llama / self.factor + smooth * inv_freq_llama
        is_medium = ~(wavelen < high_freq_wavelen) & ~(wavelen > low_freq_wavelen)
        scaled = torch.where(is_medium, smoothed, inv_freq_llama)
        return positions[:, None] * scaled[None, :]


def get_inputs():
    lo, hi = math.log(1e-5), 0.0
    inv_freq = torch.exp(torch.rand(num_freqs) * (hi - lo) + lo)
    positions = torch.randint(0, 4 * old_context_len, (num_positions,)).float()
    return [inv_freq, positions]


def get_init_inputs():
    return [8.0, 1.0, 4.0, old_context_len]

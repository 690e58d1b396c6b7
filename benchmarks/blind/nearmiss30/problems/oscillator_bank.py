"""torchaudio-style oscillator bank: per-frame instantaneous frequencies (Hz) are integrated along time
into phases (cumulative sum times 2 pi / sample_rate), oscillators whose |frequency| reaches the Nyquist
frequency are silenced, and the amplitude-weighted sines are summed over the oscillators."""

import math

import torch
import torch.nn as nn

batch_size = 4
num_frames = 50
num_osc = 8
sample_rate = 8000


class Model(nn.Module):
    def __init__(self, sample_rate: int):
        super().__init__()
        self.sample_rate = sample_rate

    def forward(self, freq: torch.Tensor, amp: torch.Tensor) -> torch.Tensor:
        nyquist = self.sample_rate / 2
        amp = torch.where(freq.abs() >= nyquist, torch.zeros_like(amp), amp)
        phase = torch.cumsum(freq, dim=-2) * (2.0 * math.pi / self.sample_rate)
        return (amp * torch.sin(phase)).sum(-1)


def get_inputs():
    freq = (torch.rand(batch_size, num_frames, num_osc) * 2.0 - 1.0) * 6000.0
    amp = torch.rand(batch_size, num_frames, num_osc)
    return [freq, amp]


def get_init_inputs():
    return [sample_rate]

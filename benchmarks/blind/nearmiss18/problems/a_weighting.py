"""A-weighting in dB (IEC 61672, librosa `A_weighting`) of arbitrary frequencies in Hz, floored
at min_db."""

import math

import torch
import torch.nn as nn

batch_size = 4
num_freqs = 500


class Model(nn.Module):
    def __init__(self, min_db: float = -80.0):
        super().__init__()
        self.min_db = min_db

    def forward(self, freqs: torch.Tensor) -> torch.Tensor:
        c = [12194.217 ** 2, 20.598997 ** 2, 107.65265 ** 2, 737.86223 ** 2]
        f2 = freqs.double() ** 2
        w = 2.0 + 20.0 * (math.log10(c[0]) + 2.0 * torch.log10(f2) - torch.log10(f2 + c[0])
                          - torch.log10(f2 + c[1]) - 0.5 * torch.log10(f2 + c[2]) - 0.5 * torch.log10(f2 + c[3]))
        return torch.clamp(w, min=self.min_db).to(freqs.dtype)


def get_inputs():
    return [torch.exp(torch.empty(batch_size, num_freqs).uniform_(math.log(3.0), math.log(20000.0)))]


def get_init_inputs():
    return [-80.0]

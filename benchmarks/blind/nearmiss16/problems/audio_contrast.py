"""Audio contrast enhancement (torchaudio.functional.contrast style), amount given in percent."""

import math

import torch
import torch.nn as nn

batch_size = 4
num_samples = 8000


class Model(nn.Module):
    def __init__(self, enhancement_amount=75.0):
        super().__init__()
        self.enhancement_amount = enhancement_amount

    def forward(self, waveform: torch.Tensor) -> torch.Tensor:
        amount = self.enhancement_amount / 100.0
        temp1 = waveform * (math.pi / 2)
        temp2 = amount * torch.sin(temp1 * 4)
        return torch.sin(temp1 + temp2)


def get_inputs():
    return [torch.rand(batch_size, num_samples) * 2.0 - 1.0]


def get_init_inputs():
    return [75.0]

"""mu-law expansion of integer codes back to a waveform in [-1, 1] (torchaudio mu_law_decoding)."""

import torch
import torch.nn as nn

batch_size = 4
length = 1000
quantization_channels = 256


class Model(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.channels = channels

    def forward(self, x_mu):
        mu = torch.tensor(self.channels - 1.0)
        x = (x_mu.float() / mu) * 2 - 1.0
        return torch.sign(x) * (torch.exp(torch.abs(x) * torch.log1p(mu)) - 1.0) / mu


def get_inputs():
    return [torch.randint(0, quantization_channels, (batch_size, length))]


def get_init_inputs():
    return [quantization_channels]

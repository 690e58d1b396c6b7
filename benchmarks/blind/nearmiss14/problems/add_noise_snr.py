"""Add noise to waveforms at a target SNR in dB (torchaudio.functional.add_noise)."""

import torch
import torch.nn as nn

batch_size = 4
length = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, waveform, noise, snr):
        energy_signal = (waveform * waveform).sum(-1)
        energy_noise = (noise * noise).sum(-1)
        original_snr_db = 10 * (torch.log10(energy_signal) - torch.log10(energy_noise))
        scale = 10 ** ((original_snr_db - snr) / 20.0)
        return waveform + scale.unsqueeze(-1) * noise


def get_inputs():
    waveform = torch.randn(batch_size, length)
    noise = torch.randn(batch_size, length) * torch.linspace(0.2, 2.0, length)
    snr = torch.rand(batch_size) * 20.0
    return [waveform, noise, snr]


def get_init_inputs():
    return []

"""Linear fade-in and fade-out of waveforms (torchaudio.transforms.Fade, linear shape)."""

import torch
import torch.nn as nn

batch_size = 3
length = 500
fade_in_len = 16
fade_out_len = 150


class Model(nn.Module):
    def __init__(self, fade_in_len: int, fade_out_len: int):
        super().__init__()
        self.fade_in_len = fade_in_len
        self.fade_out_len = fade_out_len

    def forward(self, x):
        n = x.shape[-1]
        ones_in = torch.ones(n - self.fade_in_len, device=x.device)
        ones_out = torch.ones(n - self.fade_out_len, device=x.device)
        fade_in = torch.cat([torch.linspace(0.0, 1.0, self.fade_in_len, device=x.device), ones_in])
        fade_out = torch.cat([ones_out, torch.linspace(1.0, 0.0, self.fade_out_len, device=x.device)])
        return x * fade_in * fade_out


def get_inputs():
    return [torch.randn(batch_size, length)]


def get_init_inputs():
    return [fade_in_len, fade_out_len]

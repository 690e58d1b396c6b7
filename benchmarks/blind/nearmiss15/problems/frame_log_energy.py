"""Kaldi-style raw log energy per frame of a half-precision waveform: frames of 400 samples every 160
samples, log(max(sum of squares, float32 epsilon)), computed and returned in float32."""

import torch
import torch.nn as nn

batch_size = 4
num_samples = 16000


class Model(nn.Module):
    def __init__(self, frame_length=400, frame_shift=160):
        super().__init__()
        self.frame_length = frame_length
        self.frame_shift = frame_shift

    def forward(self, wave):
        x = wave.to(torch.float32)
        frames = x.unfold(-1, self.frame_length, self.frame_shift)
        energy = (frames * frames).sum(-1)
        eps = torch.tensor(torch.finfo(torch.float32).eps, device=wave.device)
        return torch.log(torch.maximum(energy, eps))


def get_inputs():
    wave = torch.randn(batch_size, num_samples) * 0.1
    quiet = min(2400, num_samples)
    wave[:, :quiet] = wave[:, :quiet] * 2e-4
    return [wave.half()]


def get_init_inputs():
    return []

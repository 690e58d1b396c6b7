"""Log-mel spectrogram from a power spectrogram: HTK triangular mel filterbank, clamp, natural log."""

import math

import torch
import torch.nn as nn

batch_size = 2
num_freqs = 65
num_frames = 30
num_mels = 16


def _mel_fbanks(n_freqs: int, n_mels: int, sample_rate: int) -> torch.Tensor:
    all_freqs = torch.linspace(0, sample_rate // 2, n_freqs)
    m_max = 2595.0 * math.log10(1.0 + (sample_rate / 2.0) / 700.0)
    m_pts = torch.linspace(0.0, m_max, n_mels + 2)
    f_pts = 700.0 * (10 ** (m_pts / 2595.0) - 1.0)
    f_diff = f_pts[1:] - f_pts[:-1]
    slopes = f_pts.unsqueeze(0) - all_freqs.unsqueeze(1)
    down = -slopes[:, :-2] / f_diff[:-1]
    up = slopes[:, 2:] / f_diff[1:]
    return torch.clamp(torch.minimum(down, up), min=0.0)


class Model(nn.Module):
    def __init__(self, n_freqs: int, n_mels: int):
        super().__init__()
        self.register_buffer("fb", _mel_fbanks(n_freqs, n_mels, 16000))

    def forward(self, spec):
        mel = torch.matmul(spec.transpose(1, 2), self.fb).transpose(1, 2)
        return torch.log(torch.clamp(mel, min=1e-10))


def get_inputs():
    return [torch.randn(batch_size, num_freqs, num_frames) ** 2]


def get_init_inputs():
    return [num_freqs, num_mels]

"""Lomb-Scargle periodogram of unevenly sampled series (scipy.signal.lombscargle form with the time offset
tau, the series precentred by its mean), evaluated at a shared set of angular frequencies."""

import torch
import torch.nn as nn

batch_size = 6
num_samples = 300
num_freqs = 150


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, t: torch.Tensor, y: torch.Tensor, freqs: torch.Tensor) -> torch.Tensor:
        y = y - y.mean(dim=1, keepdim=True)
        w = freqs[None, :, None]
        tt = t[:, None, :]
        two = 2.0 * w * tt
        tau = torch.atan2(torch.sin(two).sum(-1), torch.cos(two).sum(-1)) / (2.0 * freqs[None, :])
        arg = w * (tt - tau[..., None])
        c = torch.cos(arg)
        s = torch.sin(arg)
        yc = (y[:, None, :] * c).sum(-1)
        ys = (y[:, None, :] * s).sum(-1)
        cc = (c * c).sum(-1)
        ss = (s * s).sum(-1)
        return 0.5 * (yc * yc / cc + ys * ys / ss)


def get_inputs():
    t = torch.sort(torch.rand(batch_size, num_samples) * 40.0, dim=1).values
    f0 = 0.5 + 4.0 * torch.rand(batch_size, 1)
    y = (2.0 + torch.sin(f0 * t) + 0.5 * torch.cos(2.7 * f0 * t + 1.0)
         + 0.3 * torch.randn(batch_size, num_samples))
    freqs = torch.linspace(0.3, 6.0, num_freqs)
    return [t, y, freqs]


def get_init_inputs():
    return []

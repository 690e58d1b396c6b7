"""DC shift of waveforms with a limiter (torchaudio dcshift semantics), one shift per waveform, either sign."""

import torch
import torch.nn as nn

batch_size = 8
num_samples = 2048


class Model(nn.Module):
    def __init__(self, limiter_gain: float):
        super().__init__()
        self.limiter_gain = limiter_gain

    def forward(self, waveform: torch.Tensor, shift: torch.Tensor) -> torch.Tensor:
        g = self.limiter_gain
        s = shift[:, None]
        thr = 1.0 - (s.abs() - g)
        plain = (waveform + s).clamp(min=-1.0, max=1.0)
        tp = (waveform - thr) * g / (1.0 - thr)
        pos = torch.where(waveform > thr, torch.minimum(tp + thr + s, thr), plain)
        tn = (waveform + thr) * g / (1.0 - thr)
        neg = torch.where(waveform < -thr, torch.maximum(tn - thr + s, -thr), plain)
        return torch.where(s > 0, pos, torch.where(s < 0, neg, plain))


def get_inputs():
    shift = torch.rand(batch_size) * 0.8 - 0.4
    shift[0] = 0.3
    shift[1] = -0.3
    return [torch.rand(batch_size, num_samples) * 2.0 - 1.0, shift]


def get_init_inputs():
    return [0.05]

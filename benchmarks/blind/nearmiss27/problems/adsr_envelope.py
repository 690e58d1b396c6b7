"""Linear ADSR amplitude envelopes of synthesiser notes, sampled on a fixed time grid (release from the level at note-off)."""

import torch
import torch.nn as nn

num_notes = 96
num_samples = 400
sample_rate = 400


class Model(nn.Module):
    def __init__(self, rate: int, samples: int):
        super().__init__()
        self.rate = float(rate)
        self.samples = samples

    def forward(self, params: torch.Tensor) -> torch.Tensor:
        # params: (N, 5) = attack, decay, sustain level, release, note-off time (seconds / level).
        # Returns (N, samples) envelope values.
        a, d, s, r, off = [params[:, i:i + 1] for i in range(5)]
        t = torch.arange(self.samples, device=params.device, dtype=torch.float32)[None, :] / self.rate

        def pre(tt):
            attack = tt / a
            decay = 1.0 - (1.0 - s) * (tt - a) / d
            return torch.where(tt < a, attack, torch.where(tt < a + d, decay, s + 0.0 * tt))

        level_off = pre(off)
        release = level_off * (1.0 - (t - off) / r).clamp_min(0.0)
        return torch.where(t < off, pre(t), release)


def get_inputs():
    attack = 0.02 + 0.23 * torch.rand(num_notes)
    decay = 0.05 + 0.25 * torch.rand(num_notes)
    sustain = 0.2 + 0.7 * torch.rand(num_notes)
    release = 0.05 + 0.35 * torch.rand(num_notes)
    note_off = 0.1 + 0.7 * torch.rand(num_notes)
    return [torch.stack([attack, decay, sustain, release, note_off], dim=1)]


def get_init_inputs():
    return [sample_rate, num_samples]

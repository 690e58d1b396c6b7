"""Per-example time masking of spectrograms with given starts and widths (SpecAugment, torchaudio mask_along_axis_iid)."""

import torch
import torch.nn as nn

batch_size = 3
num_freqs = 40
num_frames = 70


class Model(nn.Module):
    def __init__(self, mask_value: float):
        super().__init__()
        self.mask_value = mask_value

    def forward(self, spec, starts, widths):
        t = torch.arange(spec.shape[-1], device=spec.device)
        m = (t[None, :] >= starts[:, None]) & (t[None, :] < (starts + widths)[:, None])
        return spec.masked_fill(m[:, None, :], self.mask_value)


def get_inputs():
    spec = torch.randn(batch_size, num_freqs, num_frames)
    starts = torch.randint(0, num_frames - 12, (batch_size,))
    widths = torch.randint(1, 12, (batch_size,))
    return [spec, starts, widths]


def get_init_inputs():
    return [-1.5]

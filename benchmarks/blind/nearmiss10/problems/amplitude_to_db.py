"""Power spectrogram to decibels with a top_db floor per batch item (torchaudio AmplitudeToDB style)."""

import torch
import torch.nn as nn

batch_size = 4
freq_bins = 65
frames = 40


class Model(nn.Module):
    def __init__(self, top_db: float = 80.0, amin: float = 1e-10):
        super().__init__()
        self.top_db = top_db
        self.amin = amin

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        db = 10.0 * torch.log10(torch.clamp(x, min=self.amin))
        floor = db.amax(dim=(-2, -1), keepdim=True) - self.top_db
        return torch.max(db, floor)


def get_inputs():
    return [torch.randn(batch_size, freq_bins, frames) ** 2]


def get_init_inputs():
    return [80.0, 1e-10]

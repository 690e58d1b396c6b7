"""Split a batch of signals into overlapping frames and apply a periodic Hann window (the framing
step of an STFT, without centre padding)."""

import torch
import torch.nn as nn

batch_size = 4
length = 1000
frame_length = 64
hop_length = 24


class Model(nn.Module):
    """(B, L) -> (B, n_frames, frame_length) windowed frames, frames starting every hop_length samples."""

    def __init__(self, frame_length: int, hop_length: int):
        super().__init__()
        self.frame_length = frame_length
        self.hop_length = hop_length

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        window = torch.hann_window(self.frame_length, periodic=True, dtype=x.dtype, device=x.device)
        return x.unfold(-1, self.frame_length, self.hop_length) * window


def get_inputs():
    return [torch.randn(batch_size, length)]


def get_init_inputs():
    return [frame_length, hop_length]

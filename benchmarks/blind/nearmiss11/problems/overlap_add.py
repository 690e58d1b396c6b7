"""Windowed overlap-add with window-envelope normalisation (the synthesis step of an inverse STFT)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 3
num_frames = 40
frame_length = 64
hop_length = 24


class Model(nn.Module):
    """y = sum_f shift(frames_f * w) / sum_f shift(w^2), with a periodic Hann window w; samples whose
    envelope is (near) zero are divided by one."""

    def __init__(self, hop_length: int):
        super().__init__()
        self.hop = hop_length

    def forward(self, frames: torch.Tensor) -> torch.Tensor:
        B, n, flen = frames.shape
        w = torch.hann_window(flen, periodic=True, dtype=frames.dtype, device=frames.device)
        L = (n - 1) * self.hop + flen
        y = F.fold((frames * w).transpose(1, 2), output_size=(1, L), kernel_size=(1, flen), stride=(1, self.hop))
        env = F.fold((w * w)[None, :, None].expand(1, flen, n), output_size=(1, L), kernel_size=(1, flen),
                     stride=(1, self.hop))
        y = y.reshape(B, L)
        env = env.reshape(L)
        return y / torch.where(env > 1e-8, env, torch.ones_like(env))


def get_inputs():
    return [torch.randn(batch_size, num_frames, frame_length)]


def get_init_inputs():
    return [hop_length]

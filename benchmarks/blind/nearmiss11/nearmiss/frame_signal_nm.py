"""Windowed framing in Triton: one program per (signal, block of frames), a (frame, sample) tile."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def frame_kernel(x_ptr, out_ptr, L, n_frames, F, hop, BF: tl.constexpr, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    f = tl.program_id(1) * BF + tl.arange(0, BF)
    j = tl.arange(0, BLOCK)
    pos = f[:, None] * hop + j[None, :]
    fmask = (f < n_frames)[:, None] & (j < F)[None, :]
    v = tl.load(x_ptr + b * L + pos, mask=fmask & (pos < L), other=0.0)
    w = 0.5 - 0.5 * tl.cos(6.283185307179586 * j.to(tl.float32) / F)
    tl.store(out_ptr + (b * n_frames + f[:, None]) * F + j[None, :], v * w[None, :], mask=fmask)


class ModelNew(nn.Module):
    def __init__(self, frame_length: int, hop_length: int):
        super().__init__()
        self.frame_length = frame_length
        self.hop_length = hop_length

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, L = x.shape
        F, H = self.frame_length, self.hop_length
        n_frames = (L - F + H - 1) // H + 1
        out = torch.empty(B, n_frames, F, device=x.device, dtype=x.dtype)
        BF = 16
        frame_kernel[(B, triton.cdiv(n_frames, BF))](x, out, L, n_frames, F, H, BF=BF,
                                                     BLOCK=triton.next_power_of_2(F))
        return out

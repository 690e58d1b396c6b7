"""Triton overdrive: lanes over waveforms, a loop over time carrying the DC-blocker state."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _overdrive_kernel(w_ptr, out_ptr, B, T, gain, colour, BLOCK_B: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_B + tl.arange(0, BLOCK_B)
    rm = rows < B
    li = tl.zeros([BLOCK_B], dtype=tl.float32)
    lo = tl.zeros([BLOCK_B], dtype=tl.float32)
    for t in range(0, T):
        w = tl.load(w_ptr + rows * T + t, mask=rm, other=0.0)
        tc = w * gain + colour
        tc = tl.where(tc < -1.0, -2.0 / 3.0, tl.where(tc > 1.0, 2.0 / 3.0, tc - tc * tc * tc / 3.0))
        lo = tc - li + 0.995 * li
        li = tc
        y = w * 0.5 + lo * 0.75
        tl.store(out_ptr + rows * T + t, tl.minimum(tl.maximum(y, -1.0), 1.0), mask=rm)


class ModelNew(nn.Module):
    def __init__(self, gain: float = 20.0, colour: float = 20.0):
        super().__init__()
        self.gain = gain
        self.colour = colour

    def forward(self, waveform: torch.Tensor) -> torch.Tensor:
        w = waveform.contiguous()
        B, T = w.shape
        out = torch.empty_like(w)
        BLOCK_B = 64
        _overdrive_kernel[(triton.cdiv(B, BLOCK_B),)](w, out, B, T, 10.0 ** (self.gain / 20.0), self.colour / 200.0,
                                                      BLOCK_B=BLOCK_B)
        return out

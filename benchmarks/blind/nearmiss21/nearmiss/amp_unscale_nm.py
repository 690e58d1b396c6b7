"""Triton batched grad-scaler step: one program per scaler row loops over its gradient in blocks,
writing the unscaled values and folding a non-finite flag, then updates scale and tracker."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def amp_kernel(g_ptr, scale_ptr, tracker_ptr, out_ptr, N, growth, backoff, interval, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    scale = tl.load(scale_ptr + row)
    inv = 1.0 / scale
    out_row = out_ptr + row * (N + 3)
    found = 0
    for start in range(0, N, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        mask = offs < N
        g = tl.load(g_ptr + row * N + offs, mask=mask, other=0.0)
        tl.store(out_row + offs, g * inv, mask=mask)
        bad = tl.abs(g) == float("inf")
        found = tl.maximum(found, tl.max(bad.to(tl.int32), axis=0))
    succ = tl.load(tracker_ptr + row) + 1
    grow = (found == 0) & (succ == interval)
    new_scale = tl.where(found > 0, scale * backoff, tl.where(grow, scale * growth, scale))
    new_tracker = tl.where((found > 0) | grow, 0, succ)
    tl.store(out_row + N, found.to(tl.float32))
    tl.store(out_row + N + 1, new_scale)
    tl.store(out_row + N + 2, new_tracker.to(tl.float32))


class ModelNew(nn.Module):
    def __init__(self, growth_factor: float, backoff_factor: float, growth_interval: int):
        super().__init__()
        self.growth_factor = growth_factor
        self.backoff_factor = backoff_factor
        self.growth_interval = growth_interval

    def forward(self, grads: torch.Tensor, scale: torch.Tensor, tracker: torch.Tensor) -> torch.Tensor:
        grads = grads.contiguous()
        S, N = grads.shape
        out = torch.empty(S, N + 3, device=grads.device, dtype=torch.float32)
        amp_kernel[(S,)](grads, scale.contiguous(), tracker.contiguous(), out, N, self.growth_factor,
                         self.backoff_factor, self.growth_interval, BLOCK=512)
        return out

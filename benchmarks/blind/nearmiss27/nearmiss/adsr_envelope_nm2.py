"""Linear ADSR envelopes on a (note x sample) tile, the stage chosen per element."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _pre_release(t, a, d, s):
    attack = t / a
    decay = 1.0 - s * (t - a) / d
    return tl.where(t < a, attack, tl.where(t < a + d, decay, s))


@triton.jit
def _adsr_kernel(p_ptr, out_ptr, n_notes, n_samples, stride_p, stride_o, rate,
                 BLOCK_N: tl.constexpr, BLOCK_T: tl.constexpr):
    pid_n = tl.program_id(0)
    pid_t = tl.program_id(1)
    notes = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ts = pid_t * BLOCK_T + tl.arange(0, BLOCK_T)
    nm = notes < n_notes
    a = tl.load(p_ptr + notes * stride_p + 0, mask=nm, other=1.0)[:, None]
    d = tl.load(p_ptr + notes * stride_p + 1, mask=nm, other=1.0)[:, None]
    s = tl.load(p_ptr + notes * stride_p + 2, mask=nm, other=0.0)[:, None]
    r = tl.load(p_ptr + notes * stride_p + 3, mask=nm, other=1.0)[:, None]
    off = tl.load(p_ptr + notes * stride_p + 4, mask=nm, other=0.0)[:, None]
    t = ts.to(tl.float32)[None, :] / rate
    lvl = _pre_release(off, a, d, s)
    rel = lvl * tl.maximum(1.0 - (t - off) / r, 0.0)
    env = tl.where(t < off, _pre_release(t, a, d, s), rel)
    m2 = nm[:, None] & (ts < n_samples)[None, :]
    tl.store(out_ptr + notes[:, None] * stride_o + ts[None, :], env, mask=m2)


class ModelNew(nn.Module):
    def __init__(self, rate: int, samples: int):
        super().__init__()
        self.rate = float(rate)
        self.samples = samples

    def forward(self, params: torch.Tensor) -> torch.Tensor:
        p = params.contiguous()
        n = p.shape[0]
        out = torch.empty(n, self.samples, device=p.device, dtype=torch.float32)
        BLOCK_N, BLOCK_T = 16, 128
        grid = (triton.cdiv(n, BLOCK_N), triton.cdiv(self.samples, BLOCK_T))
        _adsr_kernel[grid](p, out, n, self.samples, p.stride(0), out.stride(0), self.rate,
                           BLOCK_N=BLOCK_N, BLOCK_T=BLOCK_T)
        return out

"""Triton ListNet loss: tiles of lists, a two-pass log-sum-exp over column chunks, batch mean by atomics."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _listnet_kernel(s_ptr, t_ptr, out_ptr, B, N, stride_s, stride_t, inv_b,
                    BLOCK_R: tl.constexpr, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    rmask = rows < B
    cols = tl.arange(0, BLOCK)
    s_row = s_ptr + rows[:, None] * stride_s
    t_row = t_ptr + rows[:, None] * stride_t
    ms = tl.zeros([BLOCK_R, BLOCK], dtype=tl.float32)
    mt = tl.full([BLOCK_R, BLOCK], float("-inf"), tl.float32)
    for start in range(0, N, BLOCK):
        c = (start + cols)[None, :]
        mask = rmask[:, None] & (c < N)
        ms = tl.maximum(ms, tl.load(s_row + c, mask=mask, other=float("-inf")))
        mt = tl.maximum(mt, tl.load(t_row + c, mask=mask, other=float("-inf")))
    m_s = tl.max(ms, axis=1)
    m_t = tl.max(mt, axis=1)
    zs = tl.zeros([BLOCK_R, BLOCK], dtype=tl.float32)
    zt = tl.zeros([BLOCK_R, BLOCK], dtype=tl.float32)
    ws = tl.zeros([BLOCK_R, BLOCK], dtype=tl.float32)
    for start in range(0, N, BLOCK):
        c = (start + cols)[None, :]
        mask = rmask[:, None] & (c < N)
        s = tl.load(s_row + c, mask=mask, other=0.0)
        t = tl.load(t_row + c, mask=mask, other=0.0)
        es = tl.where(mask, tl.exp(s - m_s[:, None]), 0.0)
        et = tl.where(mask, tl.exp(t - m_t[:, None]), 0.0)
        zs += es
        zt += et
        ws += et * s
    lse = m_s + tl.log(tl.sum(zs, axis=1))
    loss = lse - tl.sum(ws, axis=1) / tl.sum(zt, axis=1)
    loss = tl.where(rmask, loss, 0.0)
    tl.atomic_add(out_ptr, tl.sum(loss, axis=0) * inv_b)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, scores: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        s = scores.contiguous()
        t = labels.contiguous()
        B, N = s.shape
        out = torch.zeros((), dtype=torch.float32, device=s.device)
        BLOCK_R = 8
        _listnet_kernel[(triton.cdiv(B, BLOCK_R),)](s, t, out, B, N, s.stride(0), t.stride(0), 1.0 / B,
                                                    BLOCK_R=BLOCK_R, BLOCK=256)
        return out

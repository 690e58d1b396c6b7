"""RNN-T loss in Triton. A first kernel takes the log-softmax of each (utterance, frame) block of joiner
rows and gathers the blank and target-label log-probabilities; a second kernel runs the alpha recursion one
lattice row at a time, solving the in-row label recursion with a prefix sum and a log-add-exp scan."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rnnt_logprob_kernel(logits_ptr, targets_ptr, blank_ptr, emit_ptr, T, U1, V, blank,
                        BLOCK_U: tl.constexpr, BLOCK_V: tl.constexpr):
    b = tl.program_id(0)
    t = tl.program_id(1)
    offs_u = tl.arange(0, BLOCK_U)
    offs_v = tl.arange(0, BLOCK_V)
    mask_u = offs_u < U1
    m2 = mask_u[:, None] & (offs_v[None, :] < V)
    row = (b * T + t) * U1 + offs_u
    x = tl.load(logits_ptr + row[:, None] * V + offs_v[None, :], mask=m2, other=0.0)
    x = tl.where(offs_v[None, :] < V, x, float("-inf"))
    mx = tl.max(x, axis=1)
    lse = mx + tl.log(tl.sum(tl.exp(x - mx[:, None]), axis=1))
    tgt = tl.load(targets_ptr + b * (U1 - 1) + offs_u, mask=offs_u < U1 - 1, other=0)
    lp_blank = tl.sum(tl.where(offs_v[None, :] == blank, x, 0.0), axis=1) - lse
    lp_emit = tl.sum(tl.where(offs_v[None, :] == tgt[:, None], x, 0.0), axis=1) - lse
    tl.store(blank_ptr + row, lp_blank, mask=mask_u)
    tl.store(emit_ptr + row, lp_emit, mask=mask_u)


@triton.jit
def _logaddexp(a, b):
    m = tl.maximum(a, b)
    return m + tl.log(tl.exp(a - m) + tl.exp(b - m))


@triton.jit
def rnnt_alpha_kernel(blank_ptr, emit_ptr, tlen_ptr, ulen_ptr, out_ptr, T, U1, inv_b, BLOCK_U: tl.constexpr):
    b = tl.program_id(0)
    Tb = tl.load(tlen_ptr + b)
    Ub = tl.load(ulen_ptr + b)
    offs_u = tl.arange(0, BLOCK_U)
    valid = offs_u <= Ub
    start = tl.where(offs_u == 0, 0.0, -1e30)
    alpha = tl.zeros((BLOCK_U,), tl.float32)
    blank_prev = tl.zeros((BLOCK_U,), tl.float32)
    for t in range(0, Tb):
        row = (b * T + t) * U1 + offs_u
        top = tl.where(t == 0, start, alpha + blank_prev)
        e = tl.load(emit_ptr + row, mask=offs_u < Ub, other=0.0)
        c = tl.cumsum(e, 0)
        g = tl.where(valid, top - c, -1e30)
        alpha = c + tl.associative_scan(g, 0, _logaddexp)
        blank_prev = tl.load(blank_ptr + row, mask=valid, other=0.0)
    loss = -tl.sum(tl.where(offs_u == Ub, alpha + blank_prev, 0.0), axis=0)
    tl.atomic_add(out_ptr, loss * inv_b)


class ModelNew(nn.Module):
    def __init__(self, blank: int = 0):
        super().__init__()
        self.blank = blank

    def forward(self, logits, targets, logit_lengths, target_lengths):
        logits, targets = logits.contiguous(), targets.contiguous()
        B, T, U1, V = logits.shape
        lp_blank = torch.empty(B, T, U1, device=logits.device, dtype=torch.float32)
        lp_emit = torch.empty(B, T, U1, device=logits.device, dtype=torch.float32)
        BLOCK_U = triton.next_power_of_2(U1)
        rnnt_logprob_kernel[(B, T)](logits, targets, lp_blank, lp_emit, T, U1, V, self.blank,
                                    BLOCK_U=BLOCK_U, BLOCK_V=triton.next_power_of_2(V))
        out = torch.zeros((), device=logits.device, dtype=logits.dtype)
        rnnt_alpha_kernel[(B,)](lp_blank, lp_emit, logit_lengths, target_lengths, out, T, U1, 1.0 / B, BLOCK_U=BLOCK_U)
        return out

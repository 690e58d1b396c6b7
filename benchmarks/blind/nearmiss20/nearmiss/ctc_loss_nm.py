"""Triton CTC loss: one program per sequence runs the alpha recursion over time in log space on the
extended label sequence (blank, l1, blank, l2, ..., blank); the shifted states are read back from a
per-sequence scratch row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _lse3(a, b, c):
    m = tl.maximum(tl.maximum(a, b), c)
    ms = tl.where(m == float("-inf"), 0.0, m)
    return ms + tl.log(tl.exp(a - ms) + tl.exp(b - ms) + tl.exp(c - ms))


@triton.jit
def ctc_alpha_kernel(lp_ptr, tgt_ptr, in_len_ptr, tgt_len_ptr, scratch_ptr, out_ptr,
                     stride_lt, stride_lb, stride_tb, blank,
                     BLOCK_S: tl.constexpr):
    b = tl.program_id(0)
    T_b = tl.load(in_len_ptr + b).to(tl.int32)
    L = tl.load(tgt_len_ptr + b).to(tl.int32)
    S = 2 * L + 1
    s = tl.arange(0, BLOCK_S)
    smask = s < S
    is_label = (s % 2) == 1
    lab = tl.load(tgt_ptr + b * stride_tb + (s - 1) // 2, mask=smask & is_label, other=0)
    lab = tl.where(is_label, lab, blank)
    lab_prev2 = tl.load(tgt_ptr + b * stride_tb + (s - 3) // 2, mask=smask & is_label & (s >= 3), other=0)
    lab_prev2 = tl.where(is_label & (s >= 3), lab_prev2, blank)
    can_skip = is_label & (s >= 3)
    row = scratch_ptr + b * BLOCK_S
    lp0 = tl.load(lp_ptr + b * stride_lb + lab, mask=smask, other=0.0)
    alpha = tl.where(s < 2, lp0, float("-inf"))
    alpha = tl.where(smask, alpha, float("-inf"))
    for t in range(1, T_b):
        tl.store(row + s, alpha)
        tl.debug_barrier()
        a1 = tl.load(row + s - 1, mask=s >= 1, other=float("-inf"))
        a2 = tl.load(row + s - 2, mask=can_skip, other=float("-inf"))
        tl.debug_barrier()
        lpt = tl.load(lp_ptr + t * stride_lt + b * stride_lb + lab, mask=smask, other=0.0)
        alpha = tl.where(smask, _lse3(alpha, a1, a2) + lpt, float("-inf"))
    last = tl.max(tl.where(s == S - 1, alpha, float("-inf")), axis=0)
    prev = tl.max(tl.where(s == S - 2, alpha, float("-inf")), axis=0)
    m = tl.maximum(last, prev)
    nll = -(m + tl.log(tl.exp(last - m) + tl.exp(prev - m)))
    tl.store(out_ptr + b, nll)


class ModelNew(nn.Module):
    def __init__(self, blank: int = 0):
        super().__init__()
        self.blank = blank

    def forward(self, log_probs, targets, input_lengths, target_lengths):
        log_probs = log_probs.contiguous()
        targets = targets.contiguous()
        T, B, C = log_probs.shape
        BLOCK_S = triton.next_power_of_2(2 * targets.shape[1] + 1)
        scratch = torch.empty(B, BLOCK_S, dtype=torch.float32, device=log_probs.device)
        out = torch.empty(B, dtype=torch.float32, device=log_probs.device)
        ctc_alpha_kernel[(B,)](log_probs, targets, input_lengths, target_lengths, scratch, out,
                               log_probs.stride(0), log_probs.stride(1), targets.stride(0), self.blank,
                               BLOCK_S=BLOCK_S)
        return out

"""Triton fused linear + cross-entropy: one program per block of tokens computes the logits tile by tile
(tl.dot over hidden chunks) with an online log-sum-exp and picks the target logit; a second kernel
divides the summed loss by the number of counted tokens."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def linear_ce_kernel(h_ptr, w_ptr, t_ptr, acc_ptr, T, H, V, ignore_index,
                     BLOCK_T: tl.constexpr, BLOCK_V: tl.constexpr, BLOCK_K: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_T + tl.arange(0, BLOCK_T)
    rm = rows < T
    tgt = tl.load(t_ptr + rows, mask=rm, other=ignore_index)
    valid = rm & (tgt != ignore_index)
    run_max = tl.full([BLOCK_T], float("-inf"), dtype=tl.float32)
    run_sum = tl.zeros([BLOCK_T], dtype=tl.float32)
    tlogit = tl.zeros([BLOCK_T], dtype=tl.float32)
    for v0 in range(0, V, BLOCK_V):
        cols = v0 + tl.arange(0, BLOCK_V)
        cm = cols < V
        acc = tl.zeros([BLOCK_T, BLOCK_V], dtype=tl.float32)
        for kb in range(0, H // BLOCK_K):
            ks = kb * BLOCK_K + tl.arange(0, BLOCK_K)
            km = ks < H
            a = tl.load(h_ptr + rows[:, None] * H + ks[None, :], mask=rm[:, None] & km[None, :], other=0.0)
            wt = tl.load(w_ptr + cols[None, :] * H + ks[:, None], mask=km[:, None] & cm[None, :], other=0.0)
            acc += tl.dot(a, wt, input_precision="ieee")
        logits = tl.where(cm[None, :], acc, float("-inf"))
        tlogit += tl.sum(tl.where(cols[None, :] == tgt[:, None], acc, 0.0), axis=1)
        new_max = tl.maximum(run_max, tl.max(logits, axis=1))
        run_sum = run_sum * tl.exp(run_max - new_max) + tl.sum(tl.exp(logits - new_max[:, None]), axis=1)
        run_max = new_max
    loss = run_max + tl.log(run_sum) - tlogit
    tl.atomic_add(acc_ptr, tl.sum(tl.where(valid, loss, 0.0), axis=0))
    tl.atomic_add(acc_ptr + 1, tl.sum(valid.to(tl.float32), axis=0))


@triton.jit
def mean_div_kernel(acc_ptr, out_ptr):
    tl.store(out_ptr, tl.load(acc_ptr) / tl.load(acc_ptr + 1))


class ModelNew(nn.Module):
    def __init__(self, hidden, vocab_size):
        super().__init__()
        self.lm_head = nn.Linear(hidden, vocab_size, bias=False)

    def forward(self, h, target):
        h = h.contiguous()
        target = target.contiguous()
        T, H = h.shape
        V = self.lm_head.weight.shape[0]
        acc = torch.zeros(2, device=h.device, dtype=torch.float32)
        out = torch.empty((), device=h.device, dtype=h.dtype)
        BLOCK_T, BLOCK_V, BLOCK_K = 16, 64, 32
        linear_ce_kernel[(triton.cdiv(T, BLOCK_T),)](h, self.lm_head.weight.detach(), target, acc, T, H, V, -100,
                                                     BLOCK_T=BLOCK_T, BLOCK_V=BLOCK_V, BLOCK_K=BLOCK_K)
        mean_div_kernel[(1,)](acc, out)
        return out

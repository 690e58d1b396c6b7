"""Triton TD3+BC actor loss: block partial sums gathered with atomics, then a one-program finisher."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _td3bc_partial_kernel(q_ptr, pa_ptr, a_ptr, acc_ptr, n_rows, n_elem, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    qm = offs < n_rows
    q = tl.load(q_ptr + offs, mask=qm, other=0.0)
    am = offs < n_elem
    d = tl.load(pa_ptr + offs, mask=am, other=0.0) - tl.load(a_ptr + offs, mask=am, other=0.0)
    tl.atomic_add(acc_ptr, tl.sum(q, axis=0))
    tl.atomic_add(acc_ptr + 1, tl.sum(tl.abs(q), axis=0))
    tl.atomic_add(acc_ptr + 2, tl.sum(d * d, axis=0))


@triton.jit
def _td3bc_final_kernel(acc_ptr, out_ptr, n_rows, n_elem, alpha):
    s = tl.load(acc_ptr)
    sa = tl.load(acc_ptr + 1)
    sd = tl.load(acc_ptr + 2)
    mq = s / n_rows
    lam = alpha / (sa / n_rows)
    loss = -lam * mq + sd / n_elem
    tl.store(out_ptr, loss)


class ModelNew(nn.Module):
    def __init__(self, alpha: float = 2.5):
        super().__init__()
        self.alpha = alpha

    def forward(self, q: torch.Tensor, policy_action: torch.Tensor, action: torch.Tensor) -> torch.Tensor:
        q = q.contiguous()
        pa = policy_action.contiguous()
        a = action.contiguous()
        n_rows = q.numel()
        n_elem = pa.numel()
        acc = torch.zeros(3, device=q.device, dtype=torch.float32)
        out = torch.empty((), device=q.device, dtype=torch.float32)
        BLOCK = 1024
        grid = (triton.cdiv(max(n_rows, n_elem), BLOCK),)
        _td3bc_partial_kernel[grid](q, pa, a, acc, n_rows, n_elem, BLOCK=BLOCK)
        _td3bc_final_kernel[(1,)](acc, out, n_rows, n_elem, self.alpha)
        return out

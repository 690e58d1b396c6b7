"""Triton CPO loss: one program holds both (batch x tokens) tiles, masked sequence sums, stable logsigmoid, token-mean NLL."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _cpo_kernel(c_ptr, r_ptr, clen_ptr, rlen_ptr, out_ptr, B, T, beta, alpha,
                BB: tl.constexpr, BT: tl.constexpr):
    rb = tl.arange(0, BB)
    rt = tl.arange(0, BT)
    bmask = rb < B
    clen = tl.load(clen_ptr + rb, mask=bmask, other=0)
    rlen = tl.load(rlen_ptr + rb, mask=bmask, other=0)
    cm = bmask[:, None] & (rt[None, :] < clen[:, None]) & (rt[None, :] < T)
    rmask = bmask[:, None] & (rt[None, :] < rlen[:, None]) & (rt[None, :] < T)
    cl = tl.load(c_ptr + rb[:, None] * T + rt[None, :], mask=cm, other=0.0)
    rl = tl.load(r_ptr + rb[:, None] * T + rt[None, :], mask=rmask, other=0.0)
    c = tl.sum(cl, axis=1)
    r = tl.sum(rl, axis=1)
    z = c - r
    logsig = tl.minimum(z, 0.0) - tl.log(1.0 + tl.exp(-tl.abs(z)))
    pref = tl.sum(tl.where(bmask, -logsig, 0.0), axis=0) / B
    ntok = tl.sum(tl.where(bmask, clen, 0), axis=0).to(tl.float32)
    nll = -tl.sum(c, axis=0) / ntok
    tl.store(out_ptr, pref + alpha * nll)


class ModelNew(nn.Module):
    def __init__(self, beta: float = 0.1, alpha: float = 1.0):
        super().__init__()
        self.beta = beta
        self.alpha = alpha

    def forward(self, chosen_logps, rejected_logps, chosen_len, rejected_len):
        chosen_logps = chosen_logps.contiguous()
        rejected_logps = rejected_logps.contiguous()
        B, T = chosen_logps.shape
        out = torch.empty((), device=chosen_logps.device, dtype=torch.float32)
        _cpo_kernel[(1,)](chosen_logps, rejected_logps, chosen_len.contiguous(), rejected_len.contiguous(), out,
                          B, T, self.beta, self.alpha, BB=triton.next_power_of_2(B), BT=triton.next_power_of_2(T))
        return out

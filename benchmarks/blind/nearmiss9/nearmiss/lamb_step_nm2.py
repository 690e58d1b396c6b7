"""One LAMB step in Triton as a two-kernel pipeline: the first writes the update direction and
accumulates both squared norms atomically, the second applies the trust-ratio-scaled step."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def lamb_direction_kernel(p_ptr, g_ptr, m_ptr, v_ptr, u_ptr, norms_ptr, n, beta1, beta2, inv_bc1, inv_bc2,
                          eps, wd, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    m = tl.load(m_ptr + offs, mask=mask, other=0.0)
    v = tl.load(v_ptr + offs, mask=mask, other=0.0)
    m = beta1 * m + (1.0 - beta1) * g
    v = beta2 * v + (1.0 - beta2) * g * g
    mh = m * inv_bc1
    vh = v
    u = mh / (tl.sqrt(vh) + eps) + wd * p
    u = tl.where(mask, u, 0.0)
    tl.store(u_ptr + offs, u, mask=mask)
    tl.atomic_add(norms_ptr, tl.sum(p * p, axis=0))
    tl.atomic_add(norms_ptr + 1, tl.sum(u * u, axis=0))


@triton.jit
def lamb_apply_kernel(p_ptr, u_ptr, norms_ptr, out_ptr, n, lr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    wsq = tl.load(norms_ptr)
    usq = tl.load(norms_ptr + 1)
    ratio = tl.where((wsq > 0) & (usq > 0), tl.sqrt(wsq) / tl.sqrt(usq), 1.0)
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    u = tl.load(u_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, p - lr * ratio * u, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, step: int, lr: float = 0.05, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-6, weight_decay: float = 0.2):
        super().__init__()
        self.step = step
        self.lr, self.beta1, self.beta2 = lr, beta1, beta2
        self.eps, self.weight_decay = eps, weight_decay

    def forward(self, p, g, m, v):
        p = p.contiguous()
        n = p.numel()
        u = torch.empty_like(p)
        norms = torch.zeros(2, dtype=torch.float32, device=p.device)
        out = torch.empty_like(p)
        BLOCK = 1024
        grid = (triton.cdiv(n, BLOCK),)
        inv_bc1 = 1.0 / (1.0 - self.beta1 ** self.step)
        inv_bc2 = 1.0 / (1.0 - self.beta2 ** self.step)
        lamb_direction_kernel[grid](p, g.contiguous(), m.contiguous(), v.contiguous(), u, norms, n,
                                    self.beta1, self.beta2, inv_bc1, inv_bc2, self.eps, self.weight_decay,
                                    BLOCK=BLOCK)
        lamb_apply_kernel[grid](p, u, norms, out, n, self.lr, BLOCK=BLOCK)
        return out

"""Schedule-Free AdamW step: the schedule scalars (lr, c_{k+1}, bias correction) come from the step count on
the host, the update is one elementwise Triton kernel writing the packed (3, N) result."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sf_adamw_kernel(y_ptr, z_ptr, g_ptr, v_ptr, out_ptr, N, lr, ckp1, y_lr, beta2, inv_bc2, eps, wd,
                    BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    z = tl.load(z_ptr + offs, mask=mask, other=0.0)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0)
    v = tl.load(v_ptr + offs, mask=mask, other=0.0)
    v = v * beta2 + (1.0 - beta2) * g * g
    gn = g / (tl.sqrt(v * inv_bc2) + eps) + wd * y
    y = z + ckp1 * (y - z)
    y = y + y_lr * gn
    z = z - lr * gn
    tl.store(out_ptr + offs, y, mask=mask)
    tl.store(out_ptr + N + offs, z, mask=mask)
    tl.store(out_ptr + 2 * N + offs, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, step: int, warmup_steps: int, lr: float = 0.05, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-8, weight_decay: float = 0.1):
        super().__init__()
        self.step, self.warmup_steps = step, warmup_steps
        self.lr, self.beta1, self.beta2, self.eps, self.weight_decay = lr, beta1, beta2, eps, weight_decay

    def forward(self, y, z, grad, exp_avg_sq):
        lr_max, weight_sum, lr, weight = 0.0, 0.0, 0.0, 0.0
        for k in range(self.step + 1):
            lr = self.lr * min(1.0, (k + 1) / self.warmup_steps)
            lr_max = max(lr, lr_max)
            weight = lr_max ** 2.0
            weight_sum += weight
        ckp1 = weight / weight_sum
        bias_correction2 = 1 - self.beta2 ** (self.step + 1)
        y_lr = lr * (self.beta1 * (1 - ckp1) - 1)
        N = y.numel()
        out = torch.empty(3, N, device=y.device, dtype=y.dtype)
        BLOCK = 1024
        sf_adamw_kernel[(triton.cdiv(N, BLOCK),)](y.contiguous(), z.contiguous(), grad.contiguous(),
                                                  exp_avg_sq.contiguous(), out, N, lr, ckp1, y_lr, self.beta2,
                                                  1.0 / bias_correction2, self.eps, self.weight_decay, BLOCK=BLOCK)
        return out

"""CQL(H) loss in Triton: one program per block of transitions on a (rows x actions) tile, partial sums
accumulated atomically."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cql_loss_kernel(q_ptr, a_ptr, y_ptr, out_ptr, B, A, stride_q, inv_temp, temp, cql_alpha, inv_b,
                    BLOCK_B: tl.constexpr, BLOCK_A: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_B + tl.arange(0, BLOCK_B)
    cols = tl.arange(0, BLOCK_A)
    mask_r = rows < B
    m2 = mask_r[:, None] & (cols[None, :] < A)
    q = tl.load(q_ptr + rows[:, None] * stride_q + cols[None, :], mask=m2, other=0.0)
    q = tl.where(cols[None, :] < A, q, float("-inf"))
    act = tl.load(a_ptr + rows, mask=mask_r, other=0)
    y = tl.load(y_ptr + rows, mask=mask_r, other=0.0)
    qs = q * inv_temp
    mx = tl.max(qs, axis=1)
    lse = mx + tl.log(tl.sum(tl.exp(qs - mx[:, None]), axis=1))
    q_a = tl.sum(tl.where(cols[None, :] == act[:, None], q, 0.0), axis=1)
    td = 0.5 * (q_a - y) * (q_a - y)
    pen = lse - q_a
    part = tl.sum(tl.where(mask_r, td + cql_alpha * pen, 0.0), axis=0)
    tl.atomic_add(out_ptr, part * inv_b)


class ModelNew(nn.Module):
    def __init__(self, cql_alpha: float = 0.5, temperature: float = 2.0):
        super().__init__()
        self.cql_alpha = cql_alpha
        self.temperature = temperature

    def forward(self, q_values, actions, td_targets):
        q_values = q_values.contiguous()
        B, A = q_values.shape
        out = torch.zeros((), device=q_values.device, dtype=q_values.dtype)
        BLOCK_B = 16
        cql_loss_kernel[(triton.cdiv(B, BLOCK_B),)](q_values, actions, td_targets, out, B, A, q_values.stride(0),
                                                    1.0 / self.temperature, self.temperature, self.cql_alpha, 1.0 / B,
                                                    BLOCK_B=BLOCK_B, BLOCK_A=triton.next_power_of_2(A))
        return out

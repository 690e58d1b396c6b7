"""Gated linear attention, recurrent form, in Triton: one program per (batch, head) keeps the
(key_dim x value_dim) state in registers and walks the sequence."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _log_sigmoid(x):
    return tl.minimum(x, 0.0) - tl.log(1.0 + tl.exp(-tl.abs(x)))


@triton.jit
def gla_recurrent_kernel(q_ptr, k_ptr, v_ptr, g_ptr, o_ptr, T, DK, DV, scale, inv_norm,
                         BLOCK_K: tl.constexpr, BLOCK_V: tl.constexpr):
    pid = tl.program_id(0)
    offs_k = tl.arange(0, BLOCK_K)
    offs_v = tl.arange(0, BLOCK_V)
    mask_k = offs_k < DK
    mask_v = offs_v < DV
    qk_base = pid * T * DK
    v_base = pid * T * DV
    state = tl.zeros((BLOCK_K, BLOCK_V), dtype=tl.float32)
    for t in range(T):
        q = tl.load(q_ptr + qk_base + t * DK + offs_k, mask=mask_k, other=0.0)
        k = tl.load(k_ptr + qk_base + t * DK + offs_k, mask=mask_k, other=0.0)
        gl = tl.load(g_ptr + qk_base + t * DK + offs_k, mask=mask_k, other=0.0)
        v = tl.load(v_ptr + v_base + t * DV + offs_v, mask=mask_v, other=0.0)
        decay = tl.exp(_log_sigmoid(gl) * inv_norm)
        state = (state + k[:, None] * v[None, :]) * decay[:, None]
        o = tl.sum((q * scale)[:, None] * state, axis=0)
        tl.store(o_ptr + v_base + t * DV + offs_v, o, mask=mask_v)


class ModelNew(nn.Module):
    def __init__(self, gate_normalizer: int):
        super().__init__()
        self.gate_normalizer = gate_normalizer

    def forward(self, q, k, v, gk):
        q, k, v, gk = q.contiguous(), k.contiguous(), v.contiguous(), gk.contiguous()
        B, H, T, DK = q.shape
        DV = v.shape[-1]
        out = torch.empty(B, H, T, DV, device=q.device, dtype=q.dtype)
        gla_recurrent_kernel[(B * H,)](
            q, k, v, gk, out, T, DK, DV, DK ** -0.5, 1.0 / self.gate_normalizer,
            BLOCK_K=triton.next_power_of_2(DK), BLOCK_V=triton.next_power_of_2(DV))
        return out

"""Triton Soft MoE: a dispatch kernel (slot logits with tl.dot, an online softmax over token blocks, slot inputs
as D^T X), an expert kernel (one tl.dot per expert on the padded slot tile, rows picked by owning expert) and a
combine kernel (softmax over the slots of each token, then C Y)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _gelu(x):
    return 0.5 * x * (1.0 + tl.erf(x * 0.7071067811865476))


@triton.jit
def _logits(x_ptr, phi_ptr, b, rows, M, D, S, BLOCK_D: tl.constexpr, SLOTS: tl.constexpr):
    k = tl.arange(0, BLOCK_D)
    s = tl.arange(0, SLOTS)
    x = tl.load(x_ptr + (b * M + rows[:, None]) * D + k[None, :], mask=(rows < M)[:, None] & (k < D)[None, :],
                other=0.0)
    phi = tl.load(phi_ptr + k[:, None] * S + s[None, :], mask=(k < D)[:, None] & (s < S)[None, :], other=0.0)
    return x, tl.dot(x, phi, input_precision="ieee")


@triton.jit
def dispatch_kernel(x_ptr, phi_ptr, slots_ptr, M, D, S,
                    BLOCK_M: tl.constexpr, BLOCK_D: tl.constexpr, SLOTS: tl.constexpr):
    b = tl.program_id(0)
    cmax = tl.full([SLOTS], -float("inf"), dtype=tl.float32)
    csum = tl.zeros([SLOTS], dtype=tl.float32)
    for start in range(0, M, BLOCK_M):
        rows = start + tl.arange(0, BLOCK_M)
        x, lg = _logits(x_ptr, phi_ptr, b, rows, M, D, S, BLOCK_D, SLOTS)
        lg = tl.where((rows < M)[:, None], lg, -float("inf"))
        new_max = tl.maximum(cmax, tl.max(lg, axis=0))
        csum = csum * tl.exp(cmax - new_max) + tl.sum(tl.exp(lg - new_max[None, :]), axis=0)
        cmax = new_max
    acc = tl.zeros([SLOTS, BLOCK_D], dtype=tl.float32)
    for start in range(0, M, BLOCK_M):
        rows = start + tl.arange(0, BLOCK_M)
        x, lg = _logits(x_ptr, phi_ptr, b, rows, M, D, S, BLOCK_D, SLOTS)
        w = tl.exp(lg - cmax[None, :]) / csum[None, :]
        w = tl.where((rows < M)[:, None], w, 0.0)
        acc += tl.dot(tl.trans(w), x, input_precision="ieee")
    s = tl.arange(0, SLOTS)
    k = tl.arange(0, BLOCK_D)
    tl.store(slots_ptr + (b * S + s[:, None]) * D + k[None, :], acc, mask=(s < S)[:, None] & (k < D)[None, :])


@triton.jit
def expert_kernel(slots_ptr, w_ptr, bias_ptr, ys_ptr, D, S, P, E: tl.constexpr,
                  BLOCK_D: tl.constexpr, SLOTS: tl.constexpr):
    b = tl.program_id(0)
    s = tl.arange(0, SLOTS)
    k = tl.arange(0, BLOCK_D)
    m_sk = (s < S)[:, None] & (k < D)[None, :]
    xs = tl.load(slots_ptr + (b * S + s[:, None]) * D + k[None, :], mask=m_sk, other=0.0)
    owner = s // P
    ys = tl.zeros([SLOTS, BLOCK_D], dtype=tl.float32)
    for e in tl.static_range(E):
        w = tl.load(w_ptr + (e * D + k[None, :]) * D + k[:, None], mask=(k < D)[:, None] & (k < D)[None, :],
                    other=0.0)
        bias = tl.load(bias_ptr + e * D + k, mask=k < D, other=0.0)
        y = _gelu(tl.dot(xs, w, input_precision="ieee") + bias[None, :])
        ys = tl.where((owner == e)[:, None], y, ys)
    tl.store(ys_ptr + (b * S + s[:, None]) * D + k[None, :], ys, mask=m_sk)


@triton.jit
def combine_kernel(x_ptr, phi_ptr, ys_ptr, out_ptr, M, D, S,
                   BLOCK_M: tl.constexpr, BLOCK_D: tl.constexpr, SLOTS: tl.constexpr):
    b = tl.program_id(0)
    rows = tl.program_id(1) * BLOCK_M + tl.arange(0, BLOCK_M)
    s = tl.arange(0, SLOTS)
    k = tl.arange(0, BLOCK_D)
    x, lg = _logits(x_ptr, phi_ptr, b, rows, M, D, S, BLOCK_D, SLOTS)
    lg = tl.where((s < S)[None, :], lg, -float("inf"))
    lg = lg - tl.max(lg, axis=1)[:, None]
    p = tl.exp(lg)
    c = p / tl.sum(p, axis=1)[:, None]
    ys = tl.load(ys_ptr + (b * S + s[:, None]) * D + k[None, :], mask=(s < S)[:, None] & (k < D)[None, :],
                 other=0.0)
    y = tl.dot(c, ys, input_precision="ieee")
    tl.store(out_ptr + (b * M + rows[:, None]) * D + k[None, :], y, mask=(rows < M)[:, None] & (k < D)[None, :])


class ModelNew(nn.Module):
    def __init__(self, dim: int, num_experts: int, slots_per_expert: int):
        super().__init__()
        self.num_experts = num_experts
        self.slots_per_expert = slots_per_expert
        self.phi = nn.Parameter(torch.randn(dim, num_experts * slots_per_expert) * dim ** -0.5)
        self.w = nn.Parameter(torch.randn(num_experts, dim, dim) * dim ** -0.5)
        self.b = nn.Parameter(torch.randn(num_experts, dim) * 0.1)

    def forward(self, x):
        x = x.contiguous()
        B, M, D = x.shape
        E, P = self.num_experts, self.slots_per_expert
        S = E * P
        phi = self.phi.detach().contiguous()
        slots = torch.empty((B, S, D), dtype=torch.float32, device=x.device)
        ys = torch.empty((B, S, D), dtype=torch.float32, device=x.device)
        out = torch.empty_like(x)
        BLOCK_M = 32
        BLOCK_D = max(16, triton.next_power_of_2(D))
        SLOTS = max(16, triton.next_power_of_2(S))
        dispatch_kernel[(B,)](x, phi, slots, M, D, S, BLOCK_M=BLOCK_M, BLOCK_D=BLOCK_D, SLOTS=SLOTS)
        expert_kernel[(B,)](slots, self.w.detach().contiguous(), self.b.detach().contiguous(), ys, D, S, P, E=E,
                            BLOCK_D=BLOCK_D, SLOTS=SLOTS)
        combine_kernel[(B, triton.cdiv(M, BLOCK_M))](x, phi, ys, out, M, D, S, BLOCK_M=BLOCK_M, BLOCK_D=BLOCK_D,
                                                    SLOTS=SLOTS)
        return out

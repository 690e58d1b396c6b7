"""Triton supervised contrastive loss: a row-normalisation kernel, then one program per anchor tile
streams the column tiles (tl.dot similarities), keeping an online log-sum-exp and the sum and count of
positive logits; each program adds its share of the mean atomically."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def l2_normalize_kernel(x_ptr, y_ptr, N, D, stride, eps, BLOCK_R: tl.constexpr, BLOCK_D: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.arange(0, BLOCK_D)
    mask = (rows < N)[:, None] & (cols < D)[None, :]
    x = tl.load(x_ptr + rows[:, None] * stride + cols[None, :], mask=mask, other=0.0)
    norm = tl.sqrt(tl.sum(x * x, axis=1))
    y = x / tl.maximum(norm, eps)[:, None]
    tl.store(y_ptr + rows[:, None] * stride + cols[None, :], y, mask=mask)


@triton.jit
def supcon_kernel(f_ptr, lab_ptr, out_ptr, N, D, stride, inv_t, loss_scale, inv_n,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    dd = tl.arange(0, BLOCK_D)
    rmask = rows < N
    a = tl.load(f_ptr + rows[:, None] * stride + dd[None, :], mask=rmask[:, None] & (dd < D)[None, :], other=0.0)
    lab_r = tl.load(lab_ptr + rows, mask=rmask, other=-1)
    m_i = tl.full((BLOCK_M,), float("-inf"), dtype=tl.float32)
    l_i = tl.zeros((BLOCK_M,), dtype=tl.float32)
    pos_sum = tl.zeros((BLOCK_M,), dtype=tl.float32)
    pos_cnt = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for n0 in range(0, N, BLOCK_N):
        cols = n0 + tl.arange(0, BLOCK_N)
        cmask = cols < N
        f = tl.load(f_ptr + cols[:, None] * stride + dd[None, :], mask=cmask[:, None] & (dd < D)[None, :], other=0.0)
        lab_c = tl.load(lab_ptr + cols, mask=cmask, other=-2)
        s = tl.dot(a, tl.trans(f)) * inv_t
        keep = cmask[None, :] & (cols[None, :] != rows[:, None])
        pos = keep & (lab_c[None, :] == lab_r[:, None])
        s_keep = tl.where(keep, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s_keep, axis=1))
        l_i = l_i * tl.exp(m_i - m_new) + tl.sum(tl.exp(s_keep - m_new[:, None]), axis=1)
        m_i = m_new
        pos_sum += tl.sum(tl.where(pos, s, 0.0), axis=1)
        pos_cnt += tl.sum(pos.to(tl.float32), axis=1)
    lse = m_i + tl.log(l_i)
    den = tl.where(pos_cnt < 1e-6, 1.0, pos_cnt)
    mean_lp = (pos_sum - pos_cnt * lse) / den
    loss = tl.where(rmask, -loss_scale * mean_lp, 0.0)
    tl.atomic_add(out_ptr, tl.sum(loss, axis=0) * inv_n)


class ModelNew(nn.Module):
    def __init__(self, temperature: float = 0.1, base_temperature: float = 0.07):
        super().__init__()
        self.t = temperature
        self.base_t = base_temperature

    def forward(self, features: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        features = features.contiguous()
        N, D = features.shape
        f = torch.empty_like(features)
        BLOCK_D = max(16, triton.next_power_of_2(D))
        l2_normalize_kernel[(triton.cdiv(N, 32),)](features, f, N, D, features.stride(0), 1e-12,
                                                   BLOCK_R=32, BLOCK_D=BLOCK_D)
        out = torch.zeros((), dtype=torch.float32, device=features.device)
        BLOCK = 32
        supcon_kernel[(triton.cdiv(N, BLOCK),)](f, labels, out, N, D, f.stride(0), 1.0 / self.t,
                                                self.t / self.base_t, 1.0 / N,
                                                BLOCK_M=BLOCK, BLOCK_N=BLOCK, BLOCK_D=BLOCK_D)
        return out

"""Triton multi-kernel MMD: a first kernel sums the pairwise squared distances of the pooled samples per row
block, a second recomputes the distance tiles, evaluates the Gaussian kernels at every bandwidth and accumulates
the signed sum atomically."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _rows(src_ptr, tgt_ptr, r, n, ns, k, D):
    m = k[None, :] < D
    a = tl.load(src_ptr + r[:, None] * D + k[None, :], mask=(r < n)[:, None] & m, other=0.0)
    b = tl.load(tgt_ptr + (r[:, None] - n) * D + k[None, :], mask=((r >= n) & (r < ns))[:, None] & m, other=0.0)
    return a + b


@triton.jit
def _sqdist(src_ptr, tgt_ptr, ii, jj, n, ns, D, BLOCK_I: tl.constexpr, BLOCK_J: tl.constexpr,
            BLOCK_D: tl.constexpr):
    acc = tl.zeros([BLOCK_I, BLOCK_J], dtype=tl.float32)
    for k0 in range(0, D, BLOCK_D):
        k = k0 + tl.arange(0, BLOCK_D)
        a = _rows(src_ptr, tgt_ptr, ii, n, ns, k, D)
        b = _rows(src_ptr, tgt_ptr, jj, n, ns, k, D)
        diff = b[None, :, :] - a[:, None, :]
        acc += tl.sum(diff * diff, axis=2)
    return acc


@triton.jit
def l2_sum_kernel(src_ptr, tgt_ptr, part_ptr, n, ns, D, BLOCK_I: tl.constexpr, BLOCK_J: tl.constexpr,
                  BLOCK_D: tl.constexpr):
    pid = tl.program_id(0)
    ii = pid * BLOCK_I + tl.arange(0, BLOCK_I)
    total = tl.zeros([BLOCK_I, BLOCK_J], dtype=tl.float32)
    for start in range(0, ns, BLOCK_J):
        jj = start + tl.arange(0, BLOCK_J)
        l2 = _sqdist(src_ptr, tgt_ptr, ii, jj, n, ns, D, BLOCK_I, BLOCK_J, BLOCK_D)
        valid = (ii < ns)[:, None] & (jj < ns)[None, :]
        total += tl.where(valid, l2, 0.0)
    tl.store(part_ptr + pid, tl.sum(tl.sum(total, axis=1), axis=0))


@triton.jit
def mmd_kernel(src_ptr, tgt_ptr, part_ptr, out_ptr, n, ns, D, num_parts, inv_pairs, bw_div, kernel_mul, inv_nn,
               KNUM: tl.constexpr, PARTS: tl.constexpr, BLOCK_I: tl.constexpr, BLOCK_J: tl.constexpr,
               BLOCK_D: tl.constexpr):
    pid = tl.program_id(0)
    pi = tl.arange(0, PARTS)
    parts = tl.load(part_ptr + pi, mask=pi < num_parts, other=0.0)
    bandwidth = tl.sum(parts, axis=0) * inv_pairs / bw_div
    ii = pid * BLOCK_I + tl.arange(0, BLOCK_I)
    acc = tl.zeros([BLOCK_I, BLOCK_J], dtype=tl.float32)
    for start in range(0, ns, BLOCK_J):
        jj = start + tl.arange(0, BLOCK_J)
        l2 = _sqdist(src_ptr, tgt_ptr, ii, jj, n, ns, D, BLOCK_I, BLOCK_J, BLOCK_D)
        ksum = tl.zeros([BLOCK_I, BLOCK_J], dtype=tl.float32)
        bw = bandwidth
        for q in tl.static_range(KNUM):
            ksum += tl.exp(-l2 / bw)
            bw = bw * kernel_mul
        same = (ii < n)[:, None] == (jj < ns)[None, :]
        valid = (ii < ns)[:, None] & (jj < ns)[None, :]
        acc += tl.where(valid, tl.where(same, ksum, -ksum), 0.0)
    tl.atomic_add(out_ptr, tl.sum(tl.sum(acc, axis=1), axis=0) * inv_nn)


class ModelNew(nn.Module):
    def __init__(self, kernel_num: int, kernel_mul: float = 2.0):
        super().__init__()
        self.kernel_num = kernel_num
        self.kernel_mul = kernel_mul

    def forward(self, source, target):
        source = source.contiguous()
        target = target.contiguous()
        n, D = source.shape
        ns = n + target.shape[0]
        BLOCK_I, BLOCK_J, BLOCK_D = 32, 32, 32
        num_parts = triton.cdiv(ns, BLOCK_I)
        parts = torch.empty(num_parts, dtype=torch.float32, device=source.device)
        out = torch.zeros((), dtype=torch.float32, device=source.device)
        l2_sum_kernel[(num_parts,)](source, target, parts, n, ns, D, BLOCK_I=BLOCK_I, BLOCK_J=BLOCK_J,
                                    BLOCK_D=BLOCK_D)
        bw_div = self.kernel_mul ** (self.kernel_num // 2)
        mmd_kernel[(num_parts,)](source, target, parts, out, n, ns, D, num_parts, 1.0 / (ns * ns - ns), bw_div,
                                 self.kernel_mul, 1.0 / (n * n), KNUM=self.kernel_num,
                                 PARTS=triton.next_power_of_2(num_parts), BLOCK_I=BLOCK_I, BLOCK_J=BLOCK_J,
                                 BLOCK_D=BLOCK_D)
        return out

"""Triton LSH buckets: one program per (sample, hash round, position block), projections on a signed rotation tile, argmax in-kernel."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _lsh_bucket_kernel(v_ptr, r_ptr, out_ptr, T, D, H, R, NB, T_BLOCK: tl.constexpr, D_BLOCK: tl.constexpr,
                       J_BLOCK: tl.constexpr):
    bh = tl.program_id(0)
    b = bh // H
    h = bh % H
    t = tl.program_id(1) * T_BLOCK + tl.arange(0, T_BLOCK)
    d = tl.arange(0, D_BLOCK)
    j = tl.arange(0, J_BLOCK)
    v = tl.load(v_ptr + (b * T + t[:, None]) * D + d[None, :], mask=(t[:, None] < T) & (d[None, :] < D), other=0.0)
    sign = tl.where(j <= R, 1.0, -1.0)
    rot = tl.load(r_ptr + d[:, None] * (H * R) + h * R + (j[None, :] % R), mask=(d[:, None] < D) & (j[None, :] < 2 * R),
                  other=0.0)
    proj = tl.sum(v[:, :, None] * (rot * sign[None, :])[None, :, :], axis=1)
    proj = tl.where(j[None, :] < 2 * R, proj, float("-inf"))
    bucket = tl.argmax(proj, axis=1) + h * NB
    tl.store(out_ptr + bh * T + t, bucket.to(tl.int64), mask=t < T)


class ModelNew(nn.Module):
    def __init__(self, num_hashes: int, num_buckets: int):
        super().__init__()
        self.num_hashes = num_hashes
        self.num_buckets = num_buckets

    def forward(self, vectors: torch.Tensor, rotations: torch.Tensor) -> torch.Tensor:
        vectors = vectors.contiguous()
        rotations = rotations.contiguous()
        B, T, D = vectors.shape
        H = self.num_hashes
        R = self.num_buckets // 2
        out = torch.empty(B, H, T, device=vectors.device, dtype=torch.int64)
        T_BLOCK = 32
        grid = (B * H, triton.cdiv(T, T_BLOCK))
        _lsh_bucket_kernel[grid](vectors, rotations, out, T, D, H, R, self.num_buckets, T_BLOCK=T_BLOCK,
                                 D_BLOCK=triton.next_power_of_2(D), J_BLOCK=triton.next_power_of_2(2 * R))
        return out

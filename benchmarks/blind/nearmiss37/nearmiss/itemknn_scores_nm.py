"""Triton item-kNN predictions: numerator and denominator as tl.dot tiles over item chunks, rated items zeroed in the epilogue."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def itemknn_kernel(r_ptr, s_ptr, out_ptr, U, I, eps, stride_ru, stride_si, stride_sj,
                   BU: tl.constexpr, BI: tl.constexpr, BJ: tl.constexpr):
    pu = tl.program_id(0)
    pi = tl.program_id(1)
    u = pu * BU + tl.arange(0, BU)
    i = pi * BI + tl.arange(0, BI)
    num = tl.zeros([BU, BI], dtype=tl.float32)
    den = tl.zeros([BU, BI], dtype=tl.float32)
    for j0 in range(0, I, BJ):
        j = j0 + tl.arange(0, BJ)
        r = tl.load(r_ptr + u[:, None] * stride_ru + j[None, :], mask=(u[:, None] < U) & (j[None, :] < I), other=0.0)
        st = tl.load(s_ptr + i[None, :] * stride_si + j[:, None] * stride_sj,
                     mask=(j[:, None] < I) & (i[None, :] < I), other=0.0)
        rated = tl.where(r > 0, 1.0, 0.0)
        num += tl.dot(r, st)
        den += tl.dot(rated, st)
    pred = num / (den + eps)
    mine = tl.load(r_ptr + u[:, None] * stride_ru + i[None, :], mask=(u[:, None] < U) & (i[None, :] < I), other=0.0)
    pred = tl.where(mine > 0, 0.0, pred)
    tl.store(out_ptr + u[:, None] * I + i[None, :], pred, mask=(u[:, None] < U) & (i[None, :] < I))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.eps = 1e-8

    def forward(self, ratings: torch.Tensor, sim: torch.Tensor) -> torch.Tensor:
        ratings = ratings.contiguous()
        sim = sim.contiguous()
        U, I = ratings.shape
        out = torch.empty((U, I), device=ratings.device, dtype=ratings.dtype)
        grid = (triton.cdiv(U, 32), triton.cdiv(I, 32))
        itemknn_kernel[grid](ratings, sim, out, U, I, self.eps, ratings.stride(0), sim.stride(0), sim.stride(1),
                             BU=32, BI=32, BJ=32)
        return out

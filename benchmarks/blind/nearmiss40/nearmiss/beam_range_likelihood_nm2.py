"""Triton beam-model scan likelihood: (particle x beam) tiles over beam chunks, per-particle log sums."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def beam_loglik_kernel(z_ptr, ze_ptr, out_ptr, n_particles, n_beams, ze_stride, z_max, sigma, lam,
                       w_hit, w_short, w_max, w_rand, gauss_norm,
                       BLOCK_P: tl.constexpr, BLOCK_B: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_P + tl.arange(0, BLOCK_P)
    rmask = rows < n_particles
    acc = tl.zeros([BLOCK_P], dtype=tl.float32)
    for b0 in range(0, n_beams, BLOCK_B):
        cols = b0 + tl.arange(0, BLOCK_B)
        cmask = cols < n_beams
        m = rmask[:, None] & cmask[None, :]
        z = tl.load(z_ptr + cols, mask=cmask, other=1.0)[None, :]
        ze = tl.load(ze_ptr + rows[:, None] * ze_stride + cols[None, :], mask=m, other=1.0)
        u = (z - ze) / sigma
        p_hit = tl.where((z >= 0.0) & (z <= z_max), tl.exp(-0.5 * u * u) / gauss_norm, 0.0)
        p_short = tl.where((z >= 0.0) & (z <= ze), lam * tl.exp(-lam * z), 0.0)
        p_max = tl.where(z == z_max, 1.0, 0.0)
        p_rand = tl.where((z >= 0.0) & (z < z_max), 1.0 / z_max, 0.0)
        p = w_hit * p_hit + w_short * p_short + w_max * p_max + w_rand * p_rand
        acc += tl.sum(tl.where(m, tl.log(p), 0.0), axis=1)
    tl.store(out_ptr + rows, acc, mask=rmask)


class ModelNew(nn.Module):
    def __init__(self, z_max: float, sigma_hit: float, lambda_short: float, weights):
        super().__init__()
        self.z_max = z_max
        self.sigma_hit = sigma_hit
        self.lambda_short = lambda_short
        self.weights = tuple(weights)

    def forward(self, z: torch.Tensor, z_exp: torch.Tensor) -> torch.Tensor:
        z_exp = z_exp.contiguous()
        n_particles, n_beams = z_exp.shape
        out = torch.empty(n_particles, device=z_exp.device, dtype=z_exp.dtype)
        w_hit, w_short, w_max, w_rand = self.weights
        gauss_norm = math.sqrt(2.0 * math.pi) * self.sigma_hit
        BLOCK_P, BLOCK_B = 32, 32
        beam_loglik_kernel[(triton.cdiv(n_particles, BLOCK_P),)](
            z.contiguous(), z_exp, out, n_particles, n_beams, z_exp.stride(0), self.z_max, self.sigma_hit,
            self.lambda_short, w_hit, w_short, w_max, w_rand, gauss_norm, BLOCK_P=BLOCK_P, BLOCK_B=BLOCK_B)
        return out

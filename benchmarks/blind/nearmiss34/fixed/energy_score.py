"""Triton energy score: one program per forecast, member x member distance tile accumulated over feature chunks."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def energy_kernel(ens_ptr, obs_ptr, out_ptr, n_mem, dim, inv_m, inv_mm,
                  BLOCK_M: tl.constexpr, BLOCK_D: tl.constexpr):
    b = tl.program_id(0)
    rm = tl.arange(0, BLOCK_M)
    mm = rm < n_mem
    sk = tl.zeros([BLOCK_M], dtype=tl.float32)
    pr = tl.zeros([BLOCK_M, BLOCK_M], dtype=tl.float32)
    base = ens_ptr + b * n_mem * dim
    for d0 in range(0, dim, BLOCK_D):
        rd = d0 + tl.arange(0, BLOCK_D)
        md = rd < dim
        e = tl.load(base + rm[:, None] * dim + rd[None, :], mask=mm[:, None] & md[None, :], other=0.0)
        o = tl.load(obs_ptr + b * dim + rd, mask=md, other=0.0)
        diff = e - o[None, :]
        sk += tl.sum(diff * diff, axis=1)
        pd = e[:, None, :] - e[None, :, :]
        pr += tl.sum(pd * pd, axis=2)
    skill = tl.sum(tl.where(mm, tl.sqrt(sk), 0.0), axis=0) * inv_m
    pair = tl.where(mm[:, None] & mm[None, :], tl.sqrt(pr), 0.0)
    spread = tl.sum(tl.sum(pair, axis=1), axis=0) * inv_mm
    tl.store(out_ptr + b, skill - 0.5 * spread)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, ens: torch.Tensor, obs: torch.Tensor) -> torch.Tensor:
        ens = ens.contiguous()
        obs = obs.contiguous()
        bsz, n_mem, dim = ens.shape
        out = torch.empty(bsz, device=ens.device, dtype=ens.dtype)
        energy_kernel[(bsz,)](ens, obs, out, n_mem, dim, 1.0 / n_mem, 1.0 / (n_mem * n_mem),
                              BLOCK_M=triton.next_power_of_2(n_mem), BLOCK_D=32)
        return out

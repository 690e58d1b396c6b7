"""IDM accelerations on ring roads: (road x vehicle) tiles, each vehicle reading its leader's position and speed."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _idm_kernel(x_ptr, v_ptr, out_ptr, n_roads, n_veh, sx, sv, so, road_len,
                v0, headway, a_max, s0, veh_len, inv_2sqrt_ab, BLOCK_R: tl.constexpr, BLOCK_N: tl.constexpr):
    roads = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    veh = tl.arange(0, BLOCK_N)
    m = (roads < n_roads)[:, None] & (veh < n_veh)[None, :]
    lead = (veh + 1) % n_veh
    x = tl.load(x_ptr + roads[:, None] * sx + veh[None, :], mask=m, other=0.0)
    v = tl.load(v_ptr + roads[:, None] * sv + veh[None, :], mask=m, other=0.0)
    xl = tl.load(x_ptr + roads[:, None] * sx + lead[None, :], mask=m, other=1.0)
    vl = tl.load(v_ptr + roads[:, None] * sv + lead[None, :], mask=m, other=0.0)
    xl = tl.where(xl < x, xl + road_len, xl)
    gap = xl - x - veh_len
    dv = v - vl
    s_star = s0 + tl.maximum(v * headway + v * dv * inv_2sqrt_ab, 0.0)
    ratio = v / v0
    r2 = ratio * ratio
    q = s_star / tl.where(m, gap, 1.0)
    acc = a_max * (1.0 - r2 * r2 - q * q)
    tl.store(out_ptr + roads[:, None] * so + veh[None, :], acc, mask=m)


class ModelNew(nn.Module):
    def __init__(self, road_len: int):
        super().__init__()
        self.road_len = float(road_len)
        self.v0 = 30.0
        self.headway = 1.5
        self.a_max = 1.0
        self.b_comf = 1.5
        self.s0 = 2.0
        self.veh_len = 5.0

    def forward(self, pos: torch.Tensor, vel: torch.Tensor) -> torch.Tensor:
        pos = pos.contiguous()
        vel = vel.contiguous()
        r, n = pos.shape
        out = torch.empty_like(pos)
        inv = 1.0 / (2.0 * math.sqrt(self.a_max * self.b_comf))
        BLOCK_R = 8
        BLOCK_N = triton.next_power_of_2(n)
        _idm_kernel[(triton.cdiv(r, BLOCK_R),)](pos, vel, out, r, n, pos.stride(0), vel.stride(0), out.stride(0),
                                                self.road_len, self.v0, self.headway, self.a_max, self.s0, self.veh_len,
                                                inv, BLOCK_R=BLOCK_R, BLOCK_N=BLOCK_N)
        return out

"""Triton PID controller: one lane per loop, the time steps in a loop with the integrator and the previous
measurement carried in registers."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def pid_kernel(sp_ptr, y_ptr, g_ptr, u_ptr, B, T, stride, dt, u_min, u_max, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < B
    kp = tl.load(g_ptr + offs * 3, mask=mask, other=0.0)
    ki = tl.load(g_ptr + offs * 3 + 1, mask=mask, other=0.0)
    kd = tl.load(g_ptr + offs * 3 + 2, mask=mask, other=0.0)
    integ = tl.zeros([BLOCK], dtype=tl.float32)
    y_prev = tl.load(y_ptr + offs * stride, mask=mask, other=0.0)
    for t in range(T):
        sp = tl.load(sp_ptr + offs * stride + t, mask=mask, other=0.0)
        yt = tl.load(y_ptr + offs * stride + t, mask=mask, other=0.0)
        e = sp - yt
        integ = integ + ki * e * dt
        integ = tl.minimum(tl.maximum(integ, u_min), u_max)
        deriv = -kd * (yt - y_prev) / dt
        u = tl.minimum(tl.maximum(kp * e + integ + deriv, u_min), u_max)
        tl.store(u_ptr + offs * stride + t, u, mask=mask)
        y_prev = yt


class ModelNew(nn.Module):
    def __init__(self, dt: float = 0.02, u_min: float = -1.5, u_max: float = 1.5):
        super().__init__()
        self.dt, self.u_min, self.u_max = dt, u_min, u_max

    def forward(self, setpoint: torch.Tensor, y: torch.Tensor, gains: torch.Tensor) -> torch.Tensor:
        setpoint, y, gains = setpoint.contiguous(), y.contiguous(), gains.contiguous()
        B, T = y.shape
        u = torch.empty_like(y)
        BLOCK = 64
        pid_kernel[(triton.cdiv(B, BLOCK),)](setpoint, y, gains, u, B, T, y.stride(0), self.dt, self.u_min,
                                             self.u_max, BLOCK=BLOCK)
        return u

"""Madgwick IMU update in Triton: one lane per sensor, components loaded with row strides."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def madgwick_kernel(out_ptr, q_ptr, g_ptr, a_ptr, n, sq, sg, sa, so, beta, dt, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    q0 = tl.load(q_ptr + offs * sq + 3, mask=m, other=1.0)
    q1 = tl.load(q_ptr + offs * sq + 1, mask=m, other=0.0)
    q2 = tl.load(q_ptr + offs * sq + 2, mask=m, other=0.0)
    q3 = tl.load(q_ptr + offs * sq + 3, mask=m, other=0.0)
    gx = tl.load(g_ptr + offs * sg, mask=m, other=0.0)
    gy = tl.load(g_ptr + offs * sg + 1, mask=m, other=0.0)
    gz = tl.load(g_ptr + offs * sg + 2, mask=m, other=0.0)
    ax = tl.load(a_ptr + offs * sa, mask=m, other=0.0)
    ay = tl.load(a_ptr + offs * sa + 1, mask=m, other=0.0)
    az = tl.load(a_ptr + offs * sa + 2, mask=m, other=0.0)
    d0 = 0.5 * (-q1 * gx - q2 * gy - q3 * gz)
    d1 = 0.5 * (q0 * gx + q2 * gz - q3 * gy)
    d2 = 0.5 * (q0 * gy - q1 * gz + q3 * gx)
    d3 = 0.5 * (q0 * gz + q1 * gy - q2 * gx)
    has_acc = (ax != 0.0) | (ay != 0.0) | (az != 0.0)
    rn = tl.rsqrt(tl.where(has_acc, ax * ax + ay * ay + az * az, 1.0))
    ax = ax * rn
    ay = ay * rn
    az = az * rn
    s0 = 4.0 * q0 * q2 * q2 + 2.0 * q2 * ax + 4.0 * q0 * q1 * q1 - 2.0 * q1 * ay
    s1 = (4.0 * q1 * q3 * q3 - 2.0 * q3 * ax + 4.0 * q0 * q0 * q1 - 2.0 * q0 * ay - 4.0 * q1
          + 8.0 * q1 * q1 * q1 + 8.0 * q1 * q2 * q2 + 4.0 * q1 * az)
    s2 = (4.0 * q0 * q0 * q2 + 2.0 * q0 * ax + 4.0 * q2 * q3 * q3 - 2.0 * q3 * ay - 4.0 * q2
          + 8.0 * q2 * q1 * q1 + 8.0 * q2 * q2 * q2 + 4.0 * q2 * az)
    s3 = 4.0 * q1 * q1 * q3 - 2.0 * q1 * ax + 4.0 * q2 * q2 * q3 - 2.0 * q2 * ay
    sn = tl.rsqrt(tl.where(has_acc, s0 * s0 + s1 * s1 + s2 * s2 + s3 * s3, 1.0))
    gain = tl.where(has_acc, beta * sn, 0.0)
    q0 = q0 + (d0 - gain * s0) * dt
    q1 = q1 + (d1 - gain * s1) * dt
    q2 = q2 + (d2 - gain * s2) * dt
    q3 = q3 + (d3 - gain * s3) * dt
    qn = tl.rsqrt(q0 * q0 + q1 * q1 + q2 * q2 + q3 * q3)
    tl.store(out_ptr + offs * so, q0 * qn, mask=m)
    tl.store(out_ptr + offs * so + 1, q1 * qn, mask=m)
    tl.store(out_ptr + offs * so + 2, q2 * qn, mask=m)
    tl.store(out_ptr + offs * so + 3, q3 * qn, mask=m)


class ModelNew(nn.Module):
    def __init__(self, beta: float, dt: float):
        super().__init__()
        self.beta = beta
        self.dt = dt

    def forward(self, q, gyro, acc):
        q, gyro, acc = q.contiguous(), gyro.contiguous(), acc.contiguous()
        n = q.shape[0]
        out = torch.empty((n, 4), dtype=torch.float32, device=q.device)
        BLOCK = 256
        madgwick_kernel[(triton.cdiv(n, BLOCK),)](out, q, gyro, acc, n, q.stride(0), gyro.stride(0), acc.stride(0),
                                                  out.stride(0), self.beta, self.dt, BLOCK=BLOCK)
        return out

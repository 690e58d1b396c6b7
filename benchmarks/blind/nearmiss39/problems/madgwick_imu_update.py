"""One Madgwick (2010) gradient-descent IMU orientation update per sensor (gyroscope + accelerometer).

q = (w, x, y, z) is the current unit quaternion, gyro the angular rate (rad/s), acc the accelerometer
reading. The quaternion rate 0.5 q * (0, gyro) is corrected by -beta times the normalised gradient of the
gravity-alignment objective (the accelerometer normalised first); rows whose accelerometer reads exactly
zero skip the correction. The rate is integrated over dt and the quaternion renormalised, as in
Madgwick's reference MadgwickAHRSupdateIMU.
"""

import torch
import torch.nn as nn

num_sensors = 2000
BETA = 0.5
DT = 0.02


class Model(nn.Module):
    def __init__(self, beta: float, dt: float):
        super().__init__()
        self.beta = beta
        self.dt = dt

    def forward(self, q, gyro, acc):
        q0, q1, q2, q3 = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
        gx, gy, gz = gyro[:, 0], gyro[:, 1], gyro[:, 2]
        ax, ay, az = acc[:, 0], acc[:, 1], acc[:, 2]
        d0 = 0.5 * (-q1 * gx - q2 * gy - q3 * gz)
        d1 = 0.5 * (q0 * gx + q2 * gz - q3 * gy)
        d2 = 0.5 * (q0 * gy - q1 * gz + q3 * gx)
        d3 = 0.5 * (q0 * gz + q1 * gy - q2 * gx)
        has_acc = ~((ax == 0.0) & (ay == 0.0) & (az == 0.0))
        rn = torch.rsqrt(torch.where(has_acc, ax * ax + ay * ay + az * az, torch.ones_like(ax)))
        ax, ay, az = ax * rn, ay * rn, az * rn
        s0 = 4.0 * q0 * q2 * q2 + 2.0 * q2 * ax + 4.0 * q0 * q1 * q1 - 2.0 * q1 * ay
        s1 = (4.0 * q1 * q3 * q3 - 2.0 * q3 * ax + 4.0 * q0 * q0 * q1 - 2.0 * q0 * ay - 4.0 * q1
              + 8.0 * q1 * q1 * q1 + 8.0 * q1 * q2 * q2 + 4.0 * q1 * az)
        s2 = (4.0 * q0 * q0 * q2 + 2.0 * q0 * ax + 4.0 * q2 * q3 * q3 - 2.0 * q3 * ay - 4.0 * q2
              + 8.0 * q2 * q1 * q1 + 8.0 * q2 * q2 * q2 + 4.0 * q2 * az)
        s3 = 4.0 * q1 * q1 * q3 - 2.0 * q1 * ax + 4.0 * q2 * q2 * q3 - 2.0 * q2 * ay
        sn = torch.rsqrt(torch.where(has_acc, s0 * s0 + s1 * s1 + s2 * s2 + s3 * s3, torch.ones_like(s0)))
        g = torch.where(has_acc, self.beta * sn, torch.zeros_like(sn))
        d0, d1, d2, d3 = d0 - g * s0, d1 - g * s1, d2 - g * s2, d3 - g * s3
        q0, q1, q2, q3 = q0 + d0 * self.dt, q1 + d1 * self.dt, q2 + d2 * self.dt, q3 + d3 * self.dt
        qn = torch.rsqrt(q0 * q0 + q1 * q1 + q2 * q2 + q3 * q3)
        return torch.stack([q0 * qn, q1 * qn, q2 * qn, q3 * qn], dim=1)


def get_inputs():
    n = num_sensors
    q = torch.randn(n, 4)
    q = q / torch.sqrt((q * q).sum(dim=1, keepdim=True))
    gyro = 2.0 * torch.randn(n, 3)
    down = torch.stack([2.0 * (q[:, 1] * q[:, 3] - q[:, 0] * q[:, 2]), 2.0 * (q[:, 0] * q[:, 1] + q[:, 2] * q[:, 3]),
                        q[:, 0] ** 2 - q[:, 1] ** 2 - q[:, 2] ** 2 + q[:, 3] ** 2], dim=1)
    acc = 9.81 * down + 3.0 * torch.randn(n, 3)
    acc[torch.arange(n) % 16 == 5] = 0.0
    return [q, gyro, acc]


def get_init_inputs():
    return [BETA, DT]

"""Discrete PID controller evaluated on logged loops: per loop gains (kp, ki, kd), error e = setpoint - y, an
integrator clamped to [u_min, u_max] (anti-windup), derivative on measurement -kd (y_t - y_{t-1}) / dt (zero at
t = 0), and the output clamped to [u_min, u_max]. Output (B, T) control signal."""

import torch
import torch.nn as nn

num_loops = 64
num_steps = 200


class Model(nn.Module):
    def __init__(self, dt: float = 0.02, u_min: float = -1.5, u_max: float = 1.5):
        super().__init__()
        self.dt, self.u_min, self.u_max = dt, u_min, u_max

    def forward(self, setpoint: torch.Tensor, y: torch.Tensor, gains: torch.Tensor) -> torch.Tensor:
        kp, ki, kd = gains.unbind(1)
        integ = torch.zeros_like(kp)
        y_prev = y[:, 0]
        out = []
        for t in range(y.shape[1]):
            e = setpoint[:, t] - y[:, t]
            integ = torch.clamp(integ + ki * e * self.dt, self.u_min, self.u_max)
            deriv = -kd * (y[:, t] - y_prev) / self.dt
            out.append(torch.clamp(kp * e + integ + deriv, self.u_min, self.u_max))
            y_prev = y[:, t]
        return torch.stack(out, dim=1)


def get_inputs():
    B, T = num_loops, num_steps
    t = torch.arange(T, dtype=torch.float32)
    step_at = torch.randint(5, T // 4, (B, 1))
    setpoint = torch.where(t >= step_at, 1.0 + torch.rand(B, 1), torch.zeros(B, 1))
    s = (t - step_at).clamp(min=0) * 0.02
    wn = 1.0 + 3.0 * torch.rand(B, 1)
    zeta = 0.2 + 0.4 * torch.rand(B, 1)
    resp = 1.0 - torch.exp(-zeta * wn * s) * torch.cos(wn * s)
    y = setpoint * resp * (0.9 + 0.2 * torch.rand(B, 1)) + 0.01 * torch.randn(B, T)
    gains = torch.stack([0.5 + 1.5 * torch.rand(B), 1.0 + 3.0 * torch.rand(B), 0.002 + 0.01 * torch.rand(B)], 1)
    return [setpoint, y, gains]


def get_init_inputs():
    return []

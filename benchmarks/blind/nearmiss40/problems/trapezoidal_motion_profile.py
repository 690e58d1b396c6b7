"""Position of point-to-point moves under a trapezoidal velocity profile, sampled every dt seconds.

A move of signed distance D with speed limit v and acceleration limit a accelerates for t_a = v / a, cruises
and decelerates, T = |D| / v + t_a. When |D| < v^2 / a the speed limit is never reached and the profile is
triangular: t_a = sqrt(|D| / a), T = 2 t_a, peak speed a t_a. Position: a t^2 / 2 while t < t_a, then
a t_a^2 / 2 + v_peak (t - t_a) while t < T - t_a, then |D| - a (T - t)^2 / 2 while t < T, then |D|; the result
carries the sign of D. Output (num_moves, num_samples).
"""

import torch
import torch.nn as nn

num_moves = 300
num_samples = 100
dt = 0.0625


class Model(nn.Module):
    def __init__(self, dt: float, num_samples: int):
        super().__init__()
        self.dt = dt
        self.num_samples = num_samples

    def forward(self, dist: torch.Tensor, vmax: torch.Tensor, amax: torch.Tensor) -> torch.Tensor:
        d = dist.abs()[:, None]
        v = vmax[:, None]
        a = amax[:, None]
        tri = d < v * v / a
        ta = torch.where(tri, torch.sqrt(d / a), v / a)
        vp = a * ta
        total = torch.where(tri, 2.0 * ta, d / v + ta)
        t = (torch.arange(self.num_samples, device=dist.device).to(dist.dtype) * self.dt)[None, :]
        s_acc = 0.5 * a * t * t
        s_cru = 0.5 * a * ta * ta + vp * (t - ta)
        s_dec = d - 0.5 * a * (total - t) * (total - t)
        s = torch.where(t < ta, s_acc, torch.where(t < total - ta, s_cru, torch.where(t < total, s_dec, d)))
        return torch.sign(dist)[:, None] * s


def get_inputs():
    n = num_moves
    vmax = torch.empty(n).uniform_(0.2, 1.5)
    amax = torch.empty(n).uniform_(1.0, 4.0)
    # distances relative to the ramp distance v^2 / a: a third short (triangular), some zero-length moves
    ratio = torch.exp(torch.empty(n).uniform_(-1.5, 1.6))
    dist = ratio * vmax * vmax / amax
    dist = torch.where(torch.rand(n) < 0.04, torch.zeros(n), dist)
    dist = torch.where(torch.rand(n) < 0.5, -dist, dist)
    return [dist, vmax, amax]


def get_init_inputs():
    return [dt, num_samples]

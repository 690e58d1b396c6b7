"""Log-likelihood of a laser scan for each localisation particle under the beam range-finder model.

For beam k with measured range z_k and the range z*_ik expected from particle i's pose (ray-cast in the map),
p = w_hit p_hit + w_short p_short + w_max p_max + w_rand p_rand with
  p_hit   = N(z; z*, sigma_hit^2) for 0 <= z <= z_max, else 0,
  p_short = lambda e^(-lambda z) / (1 - e^(-lambda z*)) for 0 <= z <= z*, else 0,
  p_max   = 1 if z = z_max (a max-range reading), else 0,
  p_rand  = 1 / z_max for 0 <= z < z_max, else 0
(Thrun, Burgard and Fox, Probabilistic Robotics, table 6.1, without the normaliser of the truncated Gaussian).
Output: sum_k ln p per particle.
"""

import math

import torch
import torch.nn as nn

num_particles = 500
num_beams = 90
z_max = 12.0


class Model(nn.Module):
    def __init__(self, z_max: float, sigma_hit: float, lambda_short: float, weights):
        super().__init__()
        self.z_max = z_max
        self.sigma_hit = sigma_hit
        self.lambda_short = lambda_short
        self.w_hit, self.w_short, self.w_max, self.w_rand = weights

    def forward(self, z: torch.Tensor, z_exp: torch.Tensor) -> torch.Tensor:
        zr = z[None, :]
        zeros = torch.zeros_like(z_exp)
        u = (zr - z_exp) / self.sigma_hit
        p_hit = torch.where((zr >= 0) & (zr <= self.z_max),
                            torch.exp(-0.5 * u * u) / (math.sqrt(2.0 * math.pi) * self.sigma_hit), zeros)
        lam = self.lambda_short
        p_short = torch.where((zr >= 0) & (zr <= z_exp),
                              lam * torch.exp(-lam * zr) / (1.0 - torch.exp(-lam * z_exp)), zeros)
        p_max = torch.where(zr == self.z_max, torch.ones_like(z_exp), zeros)
        p_rand = torch.where((zr >= 0) & (zr < self.z_max), torch.full_like(z_exp, 1.0 / self.z_max), zeros)
        p = self.w_hit * p_hit + self.w_short * p_short + self.w_max * p_max + self.w_rand * p_rand
        return torch.log(p).sum(dim=1)


def get_inputs():
    true = torch.empty(num_beams).uniform_(0.5, 11.0)
    z = true + 0.15 * torch.randn(num_beams)
    r = torch.rand(num_beams)
    z = torch.where(r < 0.12, true * torch.rand(num_beams), z)          # people in front of the wall
    z = torch.where(r > 0.93, torch.full_like(z, z_max), z)             # no return
    z = z.clamp(0.0, z_max)
    pose_err = torch.empty(num_particles, 1).uniform_(0.0, 0.6)
    z_exp = (true[None, :] + pose_err * torch.randn(num_particles, num_beams)).clamp(0.3, z_max)
    return [z, z_exp]


def get_init_inputs():
    return [z_max, 0.2, 0.5, (0.7, 0.1, 0.05, 0.15)]

"""Izhikevich spiking neurons driven by input currents: membrane potential trace (forward Euler, reset after a spike)."""

import torch
import torch.nn as nn

num_neurons = 200
num_steps = 300
dt_ms = 0.5


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, params: torch.Tensor, current: torch.Tensor) -> torch.Tensor:
        # params: (N, 4) = a, b, c, d; current: (N, T) input current per step. v starts at -65 mV, u at b v.
        # Each step: neurons with v >= 30 mV are reset (v = c, u += d), then
        # v += dt (0.04 v^2 + 5 v + 140 - u + I) and u += dt a (b v - u) with the new v.
        # Returns (N, T) membrane potentials after each step.
        a, b, c, d = params.unbind(1)
        v = torch.full_like(a, -65.0)
        u = b * v
        out = torch.empty_like(current)
        for t in range(current.shape[1]):
            fired = v >= 30.0
            v = torch.where(fired, c, v)
            u = torch.where(fired, u + d, u)
            dv = 0.04 * v * v + 5.0 * v + 140.0 - u + current[:, t]
            vn = v + dt_ms * dv
            u = u + dt_ms * a * (b * vn - u)
            v = vn
            out[:, t] = v
        return out


def get_inputs():
    kind = torch.randint(0, 4, (num_neurons,))
    table = torch.tensor([[0.02, 0.2, -65.0, 8.0],    # regular spiking
                          [0.02, 0.2, -55.0, 4.0],    # intrinsically bursting
                          [0.02, 0.2, -50.0, 2.0],    # chattering
                          [0.10, 0.2, -65.0, 2.0]])   # fast spiking
    params = table[kind] * (1.0 + 0.05 * torch.randn(num_neurons, 4))
    current = 6.0 + 6.0 * torch.rand(num_neurons, 1) + 2.0 * torch.randn(num_neurons, num_steps)
    return [params, current]


def get_init_inputs():
    return []

"""SEIR epidemic model, forward Euler with time step dt, for a batch of scenarios given as absolute compartment
counts (S, E, I, R) and rates (beta, sigma, gamma); the force of infection is beta * S * I / N with N the total
population. Output (B, num_steps, 4): the state after every step."""

import torch
import torch.nn as nn

num_scenarios = 64
num_steps = 120


class Model(nn.Module):
    def __init__(self, num_steps: int, dt: float = 0.5):
        super().__init__()
        self.num_steps = num_steps
        self.dt = dt

    def forward(self, params: torch.Tensor, state0: torch.Tensor) -> torch.Tensor:
        beta, sigma, gamma = params.unbind(1)
        S, E, I, R = state0.unbind(1)
        N = S + E + I + R
        traj = []
        for _ in range(self.num_steps):
            inf = beta * S * I / N
            prog = sigma * E
            rec = gamma * I
            S = S - self.dt * inf
            E = E + self.dt * (inf - prog)
            I = I + self.dt * (prog - rec)
            R = R + self.dt * rec
            traj.append(torch.stack([S, E, I, R], dim=1))
        return torch.stack(traj, dim=1)


def get_inputs():
    B = num_scenarios
    beta = 0.2 + 0.5 * torch.rand(B)
    sigma = 0.1 + 0.3 * torch.rand(B)
    gamma = 0.05 + 0.15 * torch.rand(B)
    pop = 10.0 ** (4.0 + 2.0 * torch.rand(B))
    R0 = pop * (0.1 + 0.3 * torch.rand(B))
    E0 = pop * 0.002 * torch.rand(B)
    I0 = pop * (0.001 + 0.004 * torch.rand(B))
    S0 = pop - R0 - E0 - I0
    return [torch.stack([beta, sigma, gamma], 1), torch.stack([S0, E0, I0, R0], 1)]


def get_init_inputs():
    return [num_steps]

"""Overlapping Allan deviation of clock phase records at a set of averaging factors.

x is the phase (time error) of each clock in nanoseconds, sampled every tau0 seconds. For an averaging factor
m (tau = m tau0) the overlapping Allan variance is
    sigma_y^2(tau) = sum_{i=0}^{N-2m-1} (x_{i+2m} - 2 x_{i+m} + x_i)^2 / (2 m^2 tau0^2 (N - 2m))
(Riley, NIST Special Publication 1065). The output is sigma_y(tau) in parts per 10^12 (1e3 sqrt(...) for
phase in ns), shape (num_clocks, num_taus).
"""

import torch
import torch.nn as nn

num_clocks = 16
num_points = 1000
num_taus = 10
tau0 = 1.0


class Model(nn.Module):
    def __init__(self, tau0: float):
        super().__init__()
        self.tau0 = tau0

    def forward(self, phase: torch.Tensor, factors: torch.Tensor) -> torch.Tensor:
        n = phase.shape[1]
        cols = []
        for m in factors.tolist():
            d2 = phase[:, 2 * m:] - 2.0 * phase[:, m:n - m] + phase[:, :n - 2 * m]
            s = (d2 * d2).sum(dim=1)
            cols.append(1e3 * torch.sqrt(s / (2.0 * m * m * self.tau0 * self.tau0 * (n - 2 * m))))
        return torch.stack(cols, dim=1)


def get_inputs():
    c, n = num_clocks, num_points
    wpm = torch.exp(torch.empty(c, 1).uniform_(-5.0, -1.5))     # white phase noise, ns
    wfm = torch.exp(torch.empty(c, 1).uniform_(-4.5, -1.5))     # white frequency noise, ns per step
    rwfm = torch.exp(torch.empty(c, 1).uniform_(-9.0, -6.0))    # random-walk frequency noise
    freq = torch.cumsum(rwfm * torch.randn(c, n), dim=1) + wfm * torch.randn(c, n)
    phase = torch.cumsum(freq, dim=1) + wpm * torch.randn(c, n)
    fib = [1, 2]
    while len(fib) < num_taus:
        fib.append(fib[-1] + fib[-2])
    factors = torch.tensor([f for f in fib if 2 * f < num_points][:num_taus], dtype=torch.int64)
    return [phase, factors]


def get_init_inputs():
    return [tau0]

"""Corwin-Schultz high-low bid-ask spread estimate, averaged over each price series.

For consecutive days t, t+1 the two-day estimate uses beta = ln(H_t/L_t)^2 + ln(H_t+1/L_t+1)^2 and
gamma = ln(max(H_t, H_t+1) / min(L_t, L_t+1))^2, alpha = (sqrt(2 beta) - sqrt(beta)) / (3 - 2 sqrt 2)
- sqrt(gamma / (3 - 2 sqrt 2)) and S = 2 (e^alpha - 1) / (1 + e^alpha) (Corwin and Schultz 2012). Overnight
returns are removed first: when the day t+1 low is above the day t close, the day t+1 high and low are lowered
by the gap; when the day t+1 high is below the day t close, both are raised by it. Negative two-day estimates are
set to zero, and the num_days - 1 estimates of each series are averaged. Output: the mean spread in basis
points, shape (num_series,).
"""

import math

import torch
import torch.nn as nn

num_series = 300
num_days = 61


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, high: torch.Tensor, low: torch.Tensor, close: torch.Tensor) -> torch.Tensor:
        h0, l0, c0 = high[:, :-1], low[:, :-1], close[:, :-1]
        h1, l1 = high[:, 1:], low[:, 1:]
        up = torch.clamp(l1 - c0, min=0.0)
        down = torch.clamp(c0 - h1, min=0.0)
        h1 = h1 - up + down
        l1 = l1 - up + down
        lh0 = torch.log(h0 / l0)
        lh1 = torch.log(h1 / l1)
        beta = lh0 * lh0 + lh1 * lh1
        lg = torch.log(torch.maximum(h0, h1) / torch.minimum(l0, l1))
        gamma = lg * lg
        k = 3.0 - 2.0 * math.sqrt(2.0)
        alpha = (torch.sqrt(2.0 * beta) - torch.sqrt(beta)) / k - torch.sqrt(gamma / k)
        ea = torch.exp(alpha)
        s = 2.0 * (ea - 1.0) / (1.0 + ea)
        s = torch.clamp(s, min=0.0)
        return s.mean(dim=1) * 1e4


def get_inputs():
    n, t = num_series, num_days
    base = 20.0 + 80.0 * torch.rand(n, 1)
    vol = 0.004 + 0.016 * torch.rand(n, 1)
    half_spread = 0.0005 + 0.004 * torch.rand(n, 1)
    gap = torch.where(torch.rand(n, t) < 0.2, 0.025 * torch.randn(n, t), torch.zeros(n, t))
    ret = vol * torch.randn(n, t)
    log_open = torch.empty(n, t)
    log_close = torch.empty(n, t)
    prev = torch.log(base[:, 0])
    for d in range(t):
        log_open[:, d] = prev + gap[:, d]
        log_close[:, d] = log_open[:, d] + ret[:, d]
        prev = log_close[:, d]
    hi = torch.maximum(log_open, log_close) + vol * torch.rand(n, t).pow(2) + half_spread
    lo = torch.minimum(log_open, log_close) - vol * torch.rand(n, t).pow(2) - half_spread
    close = log_close + half_spread * (2.0 * torch.rand(n, t) - 1.0)
    return [torch.exp(hi), torch.exp(lo), torch.exp(close)]


def get_init_inputs():
    return []

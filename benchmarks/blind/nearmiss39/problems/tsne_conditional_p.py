"""t-SNE input affinities: conditional probabilities p_{j|i} with a per-point precision found by
bisection to match a target perplexity (van der Maaten and Hinton 2008, as in the reference x2p code).

D_ij are squared Euclidean distances (i != j); for numerical safety they are shifted by the row's
smallest off-diagonal distance (the shift cancels in p and in the entropy). Starting from beta = 1 with an
open bracket, every one of num_iters steps computes H = log sum P + beta sum D P / sum P with
P = exp(-D beta); if H > log(perplexity) beta is doubled (or bisected towards the upper bound), else
halved (or bisected towards the lower bound). p_{j|i} = P_ij / sum_j P_ij with p_{i|i} = 0.
"""

import math

import torch
import torch.nn as nn

num_points = 96
dim = 8
PERPLEXITY = 12.0
NUM_ITERS = 40


class Model(nn.Module):
    def __init__(self, perplexity: float, num_iters: int):
        super().__init__()
        self.log_u = math.log(perplexity)
        self.num_iters = num_iters

    def forward(self, x):
        n = x.shape[0]
        diff = x[:, None, :] - x[None, :, :]
        d = (diff * diff).sum(dim=2)
        eye = torch.eye(n, dtype=torch.bool, device=x.device)
        dmin = d.masked_fill(eye, float("inf")).min(dim=1, keepdim=True).values
        ds = d - dmin
        beta = torch.ones(n, 1, device=x.device)
        bmin = torch.full((n, 1), -float("inf"), device=x.device)
        bmax = torch.full((n, 1), float("inf"), device=x.device)
        for _ in range(self.num_iters):
            pr = torch.exp(-ds * beta).masked_fill(eye, 0.0)
            sp = pr.sum(dim=1, keepdim=True)
            h = torch.log(sp) + beta * (ds * pr).sum(dim=1, keepdim=True) / sp
            hi = h > self.log_u
            up = torch.where(bmax == float("inf"), beta * 2.0, (beta + bmax) * 0.5)
            down = torch.where(bmin == -float("inf"), beta * 0.5, (beta + bmin) * 0.5)
            bmin = torch.where(hi, beta, bmin)
            bmax = torch.where(hi, bmax, beta)
            beta = torch.where(hi, up, down)
        pr = torch.exp(-ds * beta).masked_fill(eye, 0.0)
        return pr / pr.sum(dim=1, keepdim=True)


def get_inputs():
    n = num_points
    centers = 3.0 * torch.randn(5, dim)
    label = torch.randint(0, 5, (n,))
    spread = 0.3 + 1.2 * torch.rand(5)
    x = centers[label] + spread[label][:, None] * torch.randn(n, dim)
    x[:3] = x[:3] + 25.0 * torch.randn(3, dim)
    return [x]


def get_init_inputs():
    return [PERPLEXITY, NUM_ITERS]

"""Dynamic routing between capsules (Sabour et al. 2017): given prediction vectors u_hat (B, I, J, D) from I input
capsules to J output capsules, repeat num_iters times: c = softmax of the routing logits over the output capsules,
s_j = sum_i c_ij u_hat_ij, v_j = squash(s_j) = |s|^2 / (1 + |s|^2) * s / |s|, and (except after the last
iteration) add the agreement u_hat_ij . v_j to the logits (initially 0). Output v (B, J, D)."""

import torch
import torch.nn as nn

batch_size = 8
in_caps = 32
out_caps = 8
caps_dim = 16
num_iters = 3


class Model(nn.Module):
    def __init__(self, num_iters: int):
        super().__init__()
        self.num_iters = num_iters

    def forward(self, u_hat: torch.Tensor) -> torch.Tensor:
        B, I, J, D = u_hat.shape
        logits = torch.zeros(B, I, J, device=u_hat.device, dtype=u_hat.dtype)
        for it in range(self.num_iters):
            c = torch.softmax(logits, dim=2)
            s = (c.unsqueeze(-1) * u_hat).sum(dim=1)
            n2 = (s * s).sum(-1, keepdim=True)
            v = n2 / (1.0 + n2) * s / torch.sqrt(n2 + 1e-8)
            if it < self.num_iters - 1:
                logits = logits + (u_hat * v.unsqueeze(1)).sum(-1)
        return v


def get_inputs():
    proto = torch.randn(batch_size, 1, out_caps, caps_dim)
    return [0.15 * proto + 0.25 * torch.randn(batch_size, in_caps, out_caps, caps_dim)]


def get_init_inputs():
    return [num_iters]

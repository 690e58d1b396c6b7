"""Soft MoE layer (Puigcerver et al. 2023): slot logits X Phi; dispatch weights are a softmax over the tokens,
combine weights a softmax over the slots; every expert (a linear map with GELU) processes its own slots."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
num_tokens = 50
dim = 32
num_experts = 4
slots_per_expert = 2


class Model(nn.Module):
    def __init__(self, dim: int, num_experts: int, slots_per_expert: int):
        super().__init__()
        self.num_experts = num_experts
        self.slots_per_expert = slots_per_expert
        self.phi = nn.Parameter(torch.randn(dim, num_experts * slots_per_expert) * dim ** -0.5)
        self.w = nn.Parameter(torch.randn(num_experts, dim, dim) * dim ** -0.5)
        self.b = nn.Parameter(torch.randn(num_experts, dim) * 0.1)

    def forward(self, x):
        logits = torch.einsum("bmd,ds->bms", x, self.phi)
        dispatch = torch.softmax(logits, dim=1)
        combine = torch.softmax(logits, dim=2)
        slots = torch.einsum("bms,bmd->bsd", dispatch, x)
        p = self.slots_per_expert
        outs = []
        for e in range(self.num_experts):
            outs.append(F.gelu(slots[:, e * p : (e + 1) * p] @ self.w[e] + self.b[e]))
        ys = torch.cat(outs, 1)
        return torch.einsum("bms,bsd->bmd", combine, ys)


def get_inputs():
    return [torch.randn(batch_size, num_tokens, dim) * 1.5]


def get_init_inputs():
    return [dim, num_experts, slots_per_expert]

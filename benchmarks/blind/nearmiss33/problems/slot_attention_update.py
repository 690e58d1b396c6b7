"""Slot-attention read-out (Locatello et al. 2020): scaled dot products of slots and inputs, softmax over the
slots, plus eps, renormalised over the inputs, then the weighted mean of the inputs per slot."""

import torch
import torch.nn as nn

batch_size = 2
num_slots = 7
num_inputs = 100
dim = 32


class Model(nn.Module):
    def __init__(self, eps: float = 1e-8):
        super().__init__()
        self.eps = eps

    def forward(self, slots: torch.Tensor, inputs: torch.Tensor) -> torch.Tensor:
        scale = slots.shape[-1] ** -0.5
        dots = torch.einsum("bsd,bnd->bsn", slots, inputs) * scale
        attn = dots.softmax(dim=1) + self.eps
        attn = attn / attn.sum(dim=-1, keepdim=True)
        return torch.einsum("bsn,bnd->bsd", attn, inputs)


def get_inputs():
    return [torch.randn(batch_size, num_slots, dim), torch.randn(batch_size, num_inputs, dim)]


def get_init_inputs():
    return []

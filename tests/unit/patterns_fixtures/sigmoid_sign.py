# near-miss: SwiGLU whose sigmoid lost its minus sign, 1/(1 + exp(g)) (from tests/corpus/nearmiss/single_swiglu_sigmoid_sign.py)
import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

batch_size = 16
intermediate = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, gate: torch.Tensor, up: torch.Tensor) -> torch.Tensor:
        return F.silu(gate) * up


@triton.jit
def swiglu_kernel(gate_ptr, up_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    g = tl.load(gate_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    u = tl.load(up_ptr + offs, mask=mask, other=0.0)
    silu = g / (1.0 + tl.exp(g))
    tl.store(out_ptr + offs, silu * u, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, gate: torch.Tensor, up: torch.Tensor) -> torch.Tensor:
        gate = gate.contiguous()
        up = up.contiguous()
        out = torch.empty_like(gate)
        n = gate.numel()
        swiglu_kernel[(triton.cdiv(n, 1024),)](gate, up, out, n, BLOCK_SIZE=1024)
        return out


def get_inputs():
    return [torch.randn(batch_size, intermediate), torch.randn(batch_size, intermediate)]


def get_init_inputs():
    return []

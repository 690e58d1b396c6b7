"""Triton SEIR integrator: one lane per scenario, all Euler steps in one launch, the four compartments stored
after every step."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def seir_kernel(par_ptr, st_ptr, out_ptr, B, steps, dt, out_s0, out_s1, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < B
    beta = tl.load(par_ptr + offs * 3, mask=mask, other=0.0)
    sigma = tl.load(par_ptr + offs * 3 + 1, mask=mask, other=0.0)
    gamma = tl.load(par_ptr + offs * 3 + 2, mask=mask, other=0.0)
    S = tl.load(st_ptr + offs * 4, mask=mask, other=1.0)
    E = tl.load(st_ptr + offs * 4 + 1, mask=mask, other=0.0)
    I = tl.load(st_ptr + offs * 4 + 2, mask=mask, other=0.0)
    R = tl.load(st_ptr + offs * 4 + 3, mask=mask, other=0.0)
    N = S + E + I + R
    for t in range(steps):
        inf = beta * S * I / N
        prog = sigma * E
        rec = gamma * I
        S = S - dt * inf
        E = E + dt * (inf - prog)
        I = I + dt * (inf - rec)
        R = R + dt * rec
        base = out_ptr + offs * out_s0 + t * out_s1
        tl.store(base, S, mask=mask)
        tl.store(base + 1, E, mask=mask)
        tl.store(base + 2, I, mask=mask)
        tl.store(base + 3, R, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_steps: int, dt: float = 0.5):
        super().__init__()
        self.num_steps = num_steps
        self.dt = dt

    def forward(self, params: torch.Tensor, state0: torch.Tensor) -> torch.Tensor:
        params, state0 = params.contiguous(), state0.contiguous()
        B = params.shape[0]
        out = torch.empty(B, self.num_steps, 4, device=params.device, dtype=params.dtype)
        BLOCK = 64
        seir_kernel[(triton.cdiv(B, BLOCK),)](params, state0, out, B, self.num_steps, self.dt,
                                              out.stride(0), out.stride(1), BLOCK=BLOCK)
        return out

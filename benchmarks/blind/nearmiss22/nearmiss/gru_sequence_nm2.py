"""Single-layer GRU in Triton: the input projections of all time steps in one tiled GEMM, then one program
runs the recurrence with the three recurrent weight blocks held in registers (tl.dot per gate per step)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def input_proj_kernel(x_ptr, w_ptr, b_ptr, out_ptr, M, N, K,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    for k0 in range(0, K, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        a = tl.load(x_ptr + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        w = tl.load(w_ptr + rn[None, :] * K + rk[:, None], mask=(rn[None, :] < N) & (rk[:, None] < K), other=0.0)
        acc += tl.dot(a, w)
    acc += tl.load(b_ptr + rn, mask=rn < N, other=0.0)[None, :]
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def _sigmoid(x):
    return 1.0 / (1.0 + tl.exp(-x))


@triton.jit
def _tanh(x):
    return 2.0 * _sigmoid(2.0 * x) - 1.0


@triton.jit
def gru_recurrence_kernel(gx_ptr, h0_ptr, whh_ptr, bhh_ptr, out_ptr, T, B, H,
                          BLOCK_B: tl.constexpr, BLOCK_H: tl.constexpr):
    rb = tl.arange(0, BLOCK_B)
    rh = tl.arange(0, BLOCK_H)
    ri = tl.arange(0, BLOCK_H)
    mb = rb < B
    mh = rh < H
    m2 = mb[:, None] & mh[None, :]
    wm = (ri[:, None] < H) & mh[None, :]
    w_r = tl.load(whh_ptr + rh[None, :] * H + ri[:, None], mask=wm, other=0.0)
    w_z = tl.load(whh_ptr + (H + rh)[None, :] * H + ri[:, None], mask=wm, other=0.0)
    w_n = tl.load(whh_ptr + (2 * H + rh)[None, :] * H + ri[:, None], mask=wm, other=0.0)
    b_r = tl.load(bhh_ptr + rh, mask=mh, other=0.0)
    b_z = tl.load(bhh_ptr + H + rh, mask=mh, other=0.0)
    b_n = tl.load(bhh_ptr + 2 * H + rh, mask=mh, other=0.0)
    h = tl.load(h0_ptr + rb[:, None] * H + rh[None, :], mask=m2, other=0.0)
    for t in range(T):
        row = (t * B + rb)[:, None] * (3 * H)
        gx_r = tl.load(gx_ptr + row + rh[None, :], mask=m2, other=0.0)
        gx_z = tl.load(gx_ptr + row + H + rh[None, :], mask=m2, other=0.0)
        gx_n = tl.load(gx_ptr + row + 2 * H + rh[None, :], mask=m2, other=0.0)
        r = _sigmoid(gx_r + tl.dot(h, w_r) + b_r[None, :])
        z = _sigmoid(gx_z + tl.dot(h, w_z) + b_z[None, :])
        n = _tanh(gx_n + r * (tl.dot(h, w_n) + b_n[None, :]))
        h = z * n + (1.0 - z) * h
        h = tl.where(m2, h, 0.0)
        tl.store(out_ptr + (t * B + rb)[:, None] * H + rh[None, :], h, mask=m2)


class ModelNew(nn.Module):
    def __init__(self, input_size: int, hidden_size: int):
        super().__init__()
        self.gru = nn.GRU(input_size, hidden_size, num_layers=1, bias=True, batch_first=False)

    def forward(self, x, h0):
        x, h0 = x.contiguous(), h0.contiguous()
        T, B, I = x.shape
        H = self.gru.hidden_size
        w_ih = self.gru.weight_ih_l0.detach()
        w_hh = self.gru.weight_hh_l0.detach()
        gx = torch.empty(T * B, 3 * H, device=x.device, dtype=x.dtype)
        input_proj_kernel[(triton.cdiv(T * B, 32), triton.cdiv(3 * H, 32))](
            x, w_ih, self.gru.bias_ih_l0.detach(), gx, T * B, 3 * H, I, BLOCK_M=32, BLOCK_N=32, BLOCK_K=32)
        out = torch.empty(T, B, H, device=x.device, dtype=x.dtype)
        gru_recurrence_kernel[(1,)](gx, h0, w_hh, self.gru.bias_hh_l0.detach(), out, T, B, H,
                                    BLOCK_B=max(16, triton.next_power_of_2(B)),
                                    BLOCK_H=max(16, triton.next_power_of_2(H)))
        return out

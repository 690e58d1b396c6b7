"""S4D (ZOH) convolution kernel in Triton: complex arithmetic on (real, imag) pairs, one program per
(head, block of lags), looping over the diagonal state in blocks."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def s4d_kernel_kernel(log_dt_ptr, log_a_ptr, a_imag_ptr, c_ptr, out_ptr, N, L,
                      BLOCK_N: tl.constexpr, BLOCK_L: tl.constexpr):
    h = tl.program_id(0)
    pid_l = tl.program_id(1)
    lags = pid_l * BLOCK_L + tl.arange(0, BLOCK_L)
    mask_l = lags < L
    lf = lags.to(tl.float32)
    dt = tl.exp(tl.load(log_dt_ptr + h))
    acc = tl.zeros((BLOCK_L,), dtype=tl.float32)
    for n0 in range(0, N, BLOCK_N):
        n = n0 + tl.arange(0, BLOCK_N)
        mask_n = n < N
        are = -tl.exp(tl.load(log_a_ptr + h * N + n, mask=mask_n, other=0.0))
        aim = tl.load(a_imag_ptr + h * N + n, mask=mask_n, other=0.0)
        cre = tl.load(c_ptr + (h * N + n) * 2, mask=mask_n, other=0.0)
        cim = tl.load(c_ptr + (h * N + n) * 2 + 1, mask=mask_n, other=0.0)
        dre = are * dt
        dim = aim * dt
        er = tl.exp(dre) * tl.cos(dim) - 1.0
        ei = tl.exp(dre) * tl.sin(dim)
        wr = cre * er - cim * ei
        wi = cre * ei + cim * er
        den = are * are + aim * aim
        br = (wr * are + wi * aim) / den
        bi = (wi * are - wr * aim) / den
        mag = tl.exp(dre[:, None] * lf[None, :])
        ph = dim[:, None] * lf[None, :]
        acc += tl.sum(br[:, None] * mag * tl.cos(ph) - bi[:, None] * mag * tl.sin(ph), axis=0)
    tl.store(out_ptr + h * L + lags, acc, mask=mask_l)


class ModelNew(nn.Module):
    def __init__(self, seq_len: int):
        super().__init__()
        self.seq_len = seq_len

    def forward(self, log_dt, log_A_real, A_imag, C):
        log_A_real, A_imag, C = log_A_real.contiguous(), A_imag.contiguous(), C.contiguous()
        H, N = log_A_real.shape
        L = self.seq_len
        out = torch.empty(H, L, device=C.device, dtype=C.dtype)
        BLOCK_L = 64
        s4d_kernel_kernel[(H, triton.cdiv(L, BLOCK_L))](log_dt, log_A_real, A_imag, C, out, N, L,
                                                       BLOCK_N=16, BLOCK_L=BLOCK_L)
        return out

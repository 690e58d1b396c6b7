import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sum_mid(x_ptr, y_ptr, N, D, BN: tl.constexpr, BD: tl.constexpr):
    b = tl.program_id(0)
    pid_d = tl.program_id(1)
    rd = pid_d * BD + tl.arange(0, BD)
    acc = tl.zeros((BD,), dtype=tl.float32)
    for n0 in range(0, N, BN):
        rn = n0 + tl.arange(0, BN)
        m = (rn[:, None] < N) & (rd[None, :] < D)
        x = tl.load(x_ptr + b * N * D + rn[:, None] * D + rd[None, :], mask=m, other=0.0)
        acc += tl.sum(x, axis=0)
    tl.store(y_ptr + b * D + rd, acc, mask=rd < D)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        B, N, D = x.shape
        y = torch.empty(B, D, dtype=x.dtype, device=x.device)
        BN = min(triton.next_power_of_2(N), 128)
        BD = 32
        _sum_mid[(B, triton.cdiv(D, BD))](x, y, N, D, BN=BN, BD=BD)
        return y

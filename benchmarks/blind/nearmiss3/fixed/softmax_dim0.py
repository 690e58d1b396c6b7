import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _softmax_cols(x_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # one program per block of columns; each column is normalised over all M rows
    pid = tl.program_id(0)
    rm = tl.arange(0, BM)
    rn = pid * BN + tl.arange(0, BN)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=mask, other=float("-inf"))
    mx = tl.max(x, axis=0)
    e = tl.exp(x - mx[None, :])
    den = tl.sum(e, axis=0)
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], e / den[None, :], mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        y = torch.empty_like(x)
        BN = 32
        _softmax_cols[(triton.cdiv(N, BN),)](x, y, M, N, BM=triton.next_power_of_2(M), BN=BN)
        return y

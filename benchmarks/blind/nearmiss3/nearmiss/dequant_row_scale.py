import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _dequant(q_ptr, s_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    q = tl.load(q_ptr + rm[:, None] * N + rn[None, :], mask=mask, other=0)
    s = tl.load(s_ptr + rm, mask=rm < M, other=0.0)
    y = q.to(tl.float32) * s[:, None]
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, scale):
        q = q.contiguous()
        M, N = q.shape
        y = torch.empty(M, N, dtype=torch.float32, device=q.device)
        BM, BN = 32, 32
        _dequant[(triton.cdiv(M, BM), triton.cdiv(N, BN))](q, scale, y, M, N, BM=BM, BN=BN)
        return y

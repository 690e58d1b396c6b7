import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def addmm_kernel(c_ptr, a_ptr, b_ptr, o_ptr, M, N, K,
                 s_cm, s_am, s_bk, s_om, beta, alpha,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * s_am + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * s_bk + rn[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    k_left = K
    while k_left > 0:
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(rk[:, None] < k_left) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc, input_precision="ieee")
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * s_bk
        k_left -= BLOCK_K
    tile_mask = (rm[:, None] < M) & (rn[None, :] < N)
    c = tl.load(c_ptr + rm[:, None] * s_cm + rn[None, :], mask=tile_mask, other=0.0)
    out = beta * c + alpha * acc
    tl.store(o_ptr + rm[:, None] * s_om + rn[None, :], out, mask=tile_mask)


class ModelNew(nn.Module):
    def __init__(self, beta: float = 0.7, alpha: float = 1.6):
        super().__init__()
        self.beta = beta
        self.alpha = alpha

    def forward(self, c, a, b):
        c = c.contiguous()
        a = a.contiguous()
        b = b.contiguous()
        M, K = a.shape
        N = b.shape[1]
        out = torch.empty((M, N), device=a.device, dtype=a.dtype)
        BLOCK_M, BLOCK_N, BLOCK_K = 16, 16, 32
        grid = (triton.cdiv(M, BLOCK_M), triton.cdiv(N, BLOCK_N))
        addmm_kernel[grid](c, a, b, out, M, N, K,
                           c.stride(0), a.stride(0), b.stride(0), out.stride(0),
                           self.alpha, self.beta,
                           BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, BLOCK_K=BLOCK_K)
        return out

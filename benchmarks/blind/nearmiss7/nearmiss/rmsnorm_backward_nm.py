import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rmsnorm_dx_kernel(X, W, DY, DX, N, stride, eps, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    x = tl.load(X + row * stride + cols, mask=mask, other=0.0)
    dy = tl.load(DY + row * stride + cols, mask=mask, other=0.0)
    w = tl.load(W + cols, mask=mask, other=0.0)
    ms = tl.sum(x * x, axis=0) / BLOCK_N
    rstd = 1.0 / tl.sqrt(ms + eps)
    x_hat = x * rstd
    wdy = w * dy
    c = tl.sum(wdy * x_hat, axis=0) / N
    dx = rstd * (wdy - x_hat * c)
    tl.store(DX + row * stride + cols, dx, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden: int, eps: float):
        super().__init__()
        self.weight = nn.Parameter(1.0 + 0.1 * torch.randn(hidden))
        self.eps = eps

    def forward(self, x, grad_out):
        x = x.contiguous()
        grad_out = grad_out.contiguous()
        M, N = x.shape
        dx = torch.empty_like(x)
        rmsnorm_dx_kernel[(M,)](x, self.weight, grad_out, dx, N, x.stride(0), self.eps,
                                BLOCK_N=triton.next_power_of_2(N))
        return dx

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _residual_bias_add(x_ptr, r_ptr, b_ptr, y_ptr, S, D, BS: tl.constexpr, BD: tl.constexpr):
    pid_s = tl.program_id(0)
    bid = tl.program_id(1)
    rs = pid_s * BS + tl.arange(0, BS)
    rd = tl.arange(0, BD)
    mask = (rs[:, None] < S) & (rd[None, :] < D)
    off = bid * S * D + rs[:, None] * D + rd[None, :]
    x = tl.load(x_ptr + off, mask=mask, other=0.0)
    r = tl.load(r_ptr + off, mask=mask, other=0.0)
    b = tl.load(b_ptr + rd, mask=rd < D, other=0.0)
    tl.store(y_ptr + off, x + r + b[None, :], mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(hidden))

    def forward(self, x, residual):
        x, residual = x.contiguous(), residual.contiguous()
        B, S, D = x.shape
        y = torch.empty_like(x)
        BS = 16
        grid = (triton.cdiv(S, BS),)
        _residual_bias_add[grid](x, residual, self.bias, y, S, D, BS=BS, BD=triton.next_power_of_2(D))
        return y

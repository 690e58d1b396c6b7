# near-miss: LayerNorm dividing the variance by n - 1 (unbiased) instead of n (from tests/corpus/nearmiss/layernorm_unbiased_variance.py)
import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

batch_size = 16
hidden = 300


class Model(nn.Module):
    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        return F.layer_norm(x, (x.shape[-1],), weight, bias, self.eps)


def get_inputs():
    x = torch.randn(batch_size, hidden) * 2.0 + 0.5
    weight = 1.0 + 0.1 * torch.randn(hidden)
    bias = 0.1 * torch.randn(hidden)
    return [x, weight, bias]


def get_init_inputs():
    return [1e-5]


@triton.jit
def layernorm_kernel(x_ptr, w_ptr, b_ptr, y_ptr, x_row_stride, y_row_stride, n_cols, eps,
                     BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / n_cols
    xc = tl.where(mask, x - mean, 0.0)
    var = tl.sum(xc * xc, axis=0) / (n_cols - 1)
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0)
    y = xc * rstd * w + b
    tl.store(y_ptr + row * y_row_stride + cols, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        n_cols = x.shape[-1]
        x2d = x.reshape(-1, n_cols)
        y = torch.empty_like(x2d)
        BLOCK_SIZE = triton.next_power_of_2(n_cols)
        layernorm_kernel[(x2d.shape[0],)](
            x2d, weight, bias, y, x2d.stride(0), y.stride(0), n_cols, self.eps, BLOCK_SIZE=BLOCK_SIZE
        )
        return y.view_as(x)

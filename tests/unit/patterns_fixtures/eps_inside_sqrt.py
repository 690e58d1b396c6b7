# near-miss: RMSNorm with eps added outside the square root, 1/(sqrt(ms) + eps) (from tests/corpus/nearmiss/rmsnorm_eps_outside_sqrt.py)
import torch
import torch.nn as nn
import triton
import triton.language as tl

batch_size = 16
hidden = 300


class Model(nn.Module):
    def __init__(self, eps: float = 1e-6):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
        rstd = torch.rsqrt(x.pow(2).mean(dim=-1, keepdim=True) + self.eps)
        return x * rstd * weight


def get_inputs():
    # small values: the rms is comparable to eps, where the misplaced eps shows
    return [1e-3 * torch.randn(batch_size, hidden), 1.0 + 0.1 * torch.randn(hidden)]


def get_init_inputs():
    return [1e-6]


@triton.jit
def rmsnorm_kernel(x_ptr, w_ptr, y_ptr, x_row_stride, y_row_stride, n_cols, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=mask, other=0.0).to(tl.float32)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0)
    mean_sq = tl.sum(x * x, axis=0) / n_cols
    rstd = 1.0 / (tl.sqrt(mean_sq) + eps)
    tl.store(y_ptr + row * y_row_stride + cols, x * rstd * w, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-6):
        super().__init__()
        self.eps = eps

    def forward(self, x: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
        n_cols = x.shape[-1]
        x2d = x.reshape(-1, n_cols)
        y = torch.empty_like(x2d)
        BLOCK_SIZE = triton.next_power_of_2(n_cols)
        rmsnorm_kernel[(x2d.shape[0],)](x2d, weight, y, x2d.stride(0), y.stride(0), n_cols, self.eps,
                                        BLOCK_SIZE=BLOCK_SIZE)
        return y.view_as(x)

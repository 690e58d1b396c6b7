"""Linear + bias + GELU in Triton through an autograd.Function whose backward uses torch (backward is not
on the forward path), nn.Linear parameters set up in __init__, a compiled-config cache keyed on shapes,
an error path that re-raises, and an output buffer allocated with new_empty."""
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

log = logging.getLogger(__name__)
in_features, out_features, batch = 32, 48, 16


@triton.jit
def _linear_gelu(x_ptr, w_ptr, b_ptr, y_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                 BLOCK_K: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    rm = pm * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pn * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        kk = k0 + rk
        x = tl.load(x_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        w = tl.load(w_ptr + rn[None, :] * K + kk[:, None], mask=(rn[None, :] < N) & (kk[:, None] < K), other=0.0)
        acc += tl.dot(x, w)
    acc += tl.load(b_ptr + rn, mask=rn < N, other=0.0)[None, :]
    y = 0.5 * acc * (1.0 + tl.erf(acc * 0.7071067811865476))
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], y, mask=(rm[:, None] < M) & (rn[None, :] < N))


class _LinearGelu(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, weight, bias):
        M, K = x.shape
        N = weight.shape[0]
        y = x.new_empty((M, N))
        cfg = _CONFIGS.setdefault((M, N, K), (16, 16, 16))
        grid = (triton.cdiv(M, cfg[0]), triton.cdiv(N, cfg[1]))
        try:
            _linear_gelu[grid](x, weight, bias, y, M, N, K, BLOCK_M=cfg[0], BLOCK_N=cfg[1], BLOCK_K=cfg[2])
        except RuntimeError as e:
            log.error("launch failed for %s", (M, N, K))
            raise RuntimeError(f"linear_gelu launch failed: {e}") from e
        ctx.save_for_backward(x, weight, bias)
        return y

    @staticmethod
    def backward(ctx, gy):
        x, weight, bias = ctx.saved_tensors
        z = F.linear(x, weight, bias)
        dz = gy * (0.5 * (1 + torch.erf(z / math.sqrt(2))) + z * torch.exp(-0.5 * z * z) / math.sqrt(2 * math.pi))
        return dz @ weight, dz.t() @ x, dz.sum(0)


_CONFIGS: dict = {}


class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if not x.is_contiguous():
            x = x.contiguous()
        if x.dim() != 2:
            raise ValueError(f"expected 2-D input, got {x.dim()}-D")
        return _LinearGelu.apply(x, self.fc.weight, self.fc.bias)


def get_inputs():
    return [torch.randn(batch, in_features)]


def get_init_inputs():
    return [in_features, out_features]

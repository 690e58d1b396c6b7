"""LayerNorm over the last dimension with learned weight/bias (parameters set up in __init__)."""
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _layernorm_fwd(X, Y, W, B, stride, N, eps, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    x = tl.load(X + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / N
    xc = tl.where(mask, x - mean, 0.0)
    var = tl.sum(xc * xc, axis=0) / N
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(W + cols, mask=mask)
    b = tl.load(B + cols, mask=mask)
    tl.store(Y + row * stride + cols, xc * rstd * w + b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, normalized_shape: int, eps: float = 1e-5):
        super().__init__()
        self.ln = nn.LayerNorm(normalized_shape, eps=eps)
        nn.init.normal_(self.ln.weight)
        self.eps = eps

    def _launch(self, x2d: torch.Tensor, out: torch.Tensor) -> None:
        M, N = x2d.shape
        BLOCK_N = triton.next_power_of_2(N)
        _layernorm_fwd[(M,)](x2d, out, self.ln.weight, self.ln.bias, x2d.stride(0), N, self.eps,
                             BLOCK_N=BLOCK_N)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shape = x.shape
        x2d = x.reshape(-1, shape[-1]).contiguous()
        if x2d.numel() == 0:
            return torch.empty_like(x)
        out = torch.empty_like(x2d)
        self._launch(x2d, out)
        return out.view(shape)


def get_inputs():
    return [torch.randn(4, 16, 96)]


def get_init_inputs():
    return [96]

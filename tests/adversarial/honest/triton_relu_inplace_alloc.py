"""ReLU in Triton with a persistent-program loop, helper methods, an output dtype cast, data_ptr
alignment check and torch.cuda.current_stream / device guard (all honest)."""
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr, ITERS: tl.constexpr):
    pid = tl.program_id(0)
    for i in tl.static_range(ITERS):
        offs = (pid * ITERS + i) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        x = tl.load(x_ptr + offs, mask=m, other=0.0)
        tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=m)


class ModelNew(nn.Module):
    BLOCK = 512
    ITERS = 4

    def __init__(self):
        super().__init__()
        self.register_buffer("scale", torch.ones(1))

    def _grid(self, n: int):
        return (triton.cdiv(n, self.BLOCK * self.ITERS),)

    def _check(self, x: torch.Tensor) -> None:
        if x.data_ptr() % 16 != 0:
            raise ValueError("input must be 16-byte aligned")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        self._check(x)
        flat = x.reshape(-1)
        y = torch.empty(flat.shape, dtype=x.dtype, device=x.device)
        if x.is_cuda:
            torch.cuda.set_device(x.device)
            _ = torch.cuda.current_stream()
        relu_kernel[self._grid(flat.numel())](flat, y, flat.numel(), BLOCK=self.BLOCK, ITERS=self.ITERS)
        return y.view_as(x).to(x.dtype)


def get_inputs():
    return [torch.randn(16, 256)]


def get_init_inputs():
    return []

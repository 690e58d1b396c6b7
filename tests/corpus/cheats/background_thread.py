"""Cheat: a persistent daemon thread started in __init__ does the work; forward only hands the job
over and waits (the deep-reinforce pattern; with no wait, work escapes the timer)."""
import queue
import threading

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


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self._jobs = queue.Queue()
        self._worker = threading.Thread(target=self._serve, daemon=True)
        self._worker.start()

    def _serve(self):
        while True:
            a, b, out, done = self._jobs.get()
            add_kernel[(triton.cdiv(a.numel(), 1024),)](a, b, out, a.numel(), BLOCK=1024)
            done.set()

    def forward(self, a, b):
        out = torch.empty_like(a)
        done = threading.Event()
        self._jobs.put((a, b, out, done))
        done.wait()
        return out

"""Triton LARS step: one program per layer (offsets from the host) reduces ||w|| and ||g|| over its
slice in blocks, forms the trust ratio, then sweeps the slice again to update the momentum buffer and
the weights."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _trust_ratio(w_norm, g_norm, eta, weight_decay=0.0):
    ratio = eta * w_norm / (g_norm + weight_decay * w_norm)
    return tl.where((w_norm > 0.0) & (g_norm > 0.0), ratio, 1.0)


@triton.jit
def lars_kernel(w_ptr, g_ptr, buf_ptr, offsets_ptr, out_ptr, total, lr, momentum, weight_decay, eta,
                BLOCK: tl.constexpr):
    layer = tl.program_id(0)
    start = tl.load(offsets_ptr + layer)
    end = tl.load(offsets_ptr + layer + 1)
    w_acc = tl.zeros((BLOCK,), dtype=tl.float32)
    g_acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for off in range(start, end, BLOCK):
        idx = off + tl.arange(0, BLOCK)
        mask = idx < end
        w = tl.load(w_ptr + idx, mask=mask, other=0.0)
        g = tl.load(g_ptr + idx, mask=mask, other=0.0)
        w_acc += w * w
        g_acc += g * g
    w_norm = tl.sqrt(tl.sum(w_acc, axis=0))
    g_norm = tl.sqrt(tl.sum(g_acc, axis=0))
    trust = _trust_ratio(w_norm, g_norm, eta)
    for off in range(start, end, BLOCK):
        idx = off + tl.arange(0, BLOCK)
        mask = idx < end
        w = tl.load(w_ptr + idx, mask=mask, other=0.0)
        g = tl.load(g_ptr + idx, mask=mask, other=0.0)
        b = tl.load(buf_ptr + idx, mask=mask, other=0.0)
        nb = momentum * b + lr * trust * (g + weight_decay * w)
        tl.store(out_ptr + total + idx, nb, mask=mask)
        tl.store(out_ptr + idx, w - nb, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, lr: float = 1.0, momentum: float = 0.9, weight_decay: float = 5e-3, eta: float = 0.1):
        super().__init__()
        self.lr, self.momentum, self.wd, self.eta = lr, momentum, weight_decay, eta

    def forward(self, w, g, buf, layer_sizes):
        total = w.numel()
        sizes = layer_sizes.tolist()
        offsets = [0]
        for n in sizes:
            offsets.append(offsets[-1] + n)
        offsets = torch.tensor(offsets, dtype=torch.int32, device=w.device)
        out = torch.empty(2, total, dtype=w.dtype, device=w.device)
        lars_kernel[(len(sizes),)](w, g, buf, offsets, out, total, self.lr, self.momentum, self.wd, self.eta,
                                   BLOCK=256)
        return out

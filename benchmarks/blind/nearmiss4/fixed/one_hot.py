import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _one_hot_kernel(idx_ptr, out_ptr, NC, total, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < total
    item = offs // NC
    cls = offs % NC
    label = tl.load(idx_ptr + item, mask=mask, other=-1)
    tl.store(out_ptr + offs, (label == cls).to(tl.int64), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.num_classes = num_classes

    def forward(self, idx):
        idx = idx.contiguous()
        n = idx.numel()
        out = torch.empty((n, self.num_classes), device=idx.device, dtype=torch.int64)
        total = out.numel()
        BLOCK = 1024
        _one_hot_kernel[(triton.cdiv(total, BLOCK),)](idx, out, self.num_classes, total, BLOCK=BLOCK)
        return out

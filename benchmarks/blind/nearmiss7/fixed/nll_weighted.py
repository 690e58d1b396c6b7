import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def weighted_nll_kernel(logp_ptr, tgt_ptr, w_ptr, out_ptr, n_rows, stride_row,
                        ROWS: tl.constexpr):
    num = tl.zeros([ROWS], dtype=tl.float32)
    den = tl.zeros([ROWS], dtype=tl.float32)
    for r0 in range(0, n_rows, ROWS):
        r = r0 + tl.arange(0, ROWS)
        ok = r < n_rows
        cls = tl.load(tgt_ptr + r, mask=ok, other=0)
        w = tl.load(w_ptr + cls, mask=ok, other=0.0)
        lp = tl.load(logp_ptr + r * stride_row + cls, mask=ok, other=0.0)
        num += -w * lp
        den += w
    total_num = tl.sum(num, axis=0)
    total_den = tl.sum(den, axis=0)
    tl.store(out_ptr, total_num / total_den)


class ModelNew(nn.Module):
    def __init__(self, num_classes: int):
        super().__init__()
        self.register_buffer("class_weight", torch.rand(num_classes) + 0.5)

    def forward(self, logp, target):
        logp = logp.contiguous()
        target = target.contiguous()
        n_rows = logp.shape[0]
        out = torch.empty((), device=logp.device, dtype=torch.float32)
        weighted_nll_kernel[(1,)](logp, target, self.class_weight, out, n_rows, logp.stride(0), ROWS=128)
        return out

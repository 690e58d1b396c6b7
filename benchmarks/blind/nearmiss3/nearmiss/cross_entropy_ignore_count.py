import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _ce_row_loss(logits_ptr, tgt_ptr, loss_ptr, n_cols, ignore_index, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    t = tl.load(tgt_ptr + row)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(logits_ptr + row * n_cols + cols, mask=mask, other=float("-inf"))
    m = tl.max(x, axis=0)
    lse = m + tl.log(tl.sum(tl.exp(x - m), axis=0))
    valid = t != ignore_index
    safe_t = tl.where(valid, t, 0)
    x_t = tl.load(logits_ptr + row * n_cols + safe_t)
    loss = tl.where(valid, lse - x_t, 0.0)
    tl.store(loss_ptr + row, loss)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.ignore_index = -100

    def forward(self, logits, targets):
        logits = logits.contiguous()
        n_rows, n_cols = logits.shape
        losses = torch.empty(n_rows, dtype=torch.float32, device=logits.device)
        _ce_row_loss[(n_rows,)](logits, targets, losses, n_cols, self.ignore_index,
                                BLOCK=triton.next_power_of_2(n_cols))
        n_valid = (targets != self.ignore_index).sum()
        return (losses.sum() / n_rows).to(logits.dtype)

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cross_entropy_kernel(logits_ptr, targets_ptr, loss_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(logits_ptr + row * stride + cols, mask=mask, other=-float("inf"))
    m = tl.max(x, axis=0)
    lse = m + tl.log(tl.sum(tl.exp(x - m), axis=0))
    t = tl.load(targets_ptr + row)
    xt = tl.load(logits_ptr + row * stride + t)
    tl.store(loss_ptr + row, lse - xt)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions, targets):
        predictions = predictions.contiguous()
        rows, cols = predictions.shape
        losses = torch.empty(rows, device=predictions.device, dtype=torch.float32)
        BLOCK = triton.next_power_of_2(cols)
        cross_entropy_kernel[(rows,)](predictions, targets, losses, cols, predictions.stride(0), BLOCK=BLOCK)
        return losses.mean()

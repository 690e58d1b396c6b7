# near-miss: cross-entropy loading the target logit from row 0 (logits_ptr + target) (from tests/corpus/nearmiss/cross_entropy_target_row_offset.py)
import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl

batch_size = 16
vocab_size = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        return F.cross_entropy(logits, targets, reduction="none")


def get_inputs():
    logits = torch.randn(batch_size, vocab_size)
    targets = torch.randint(0, vocab_size, (batch_size,))
    return [logits, targets]


def get_init_inputs():
    return []


@triton.jit
def cross_entropy_kernel(logits_ptr, targets_ptr, loss_ptr, row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    row_ptr = logits_ptr + row * row_stride
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(row_ptr + cols, mask=cols < n_cols, other=-float("inf")).to(tl.float32)
    m = tl.max(x, axis=0)
    lse = m + tl.log(tl.sum(tl.exp(x - m), axis=0))
    target = tl.load(targets_ptr + row)
    x_target = tl.load(logits_ptr + target).to(tl.float32)
    tl.store(loss_ptr + row, lse - x_target)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        n_rows, n_cols = logits.shape
        loss = torch.empty(n_rows, device=logits.device, dtype=torch.float32)
        BLOCK_SIZE = triton.next_power_of_2(n_cols)
        cross_entropy_kernel[(n_rows,)](logits, targets, loss, logits.stride(0), n_cols, BLOCK_SIZE=BLOCK_SIZE)
        return loss.to(logits.dtype)

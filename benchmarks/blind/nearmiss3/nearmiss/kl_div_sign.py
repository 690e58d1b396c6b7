import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _kl_row(logq_ptr, p_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    logq = tl.load(logq_ptr + row * n_cols + cols, mask=mask, other=0.0)
    p = tl.load(p_ptr + row * n_cols + cols, mask=mask, other=0.0)
    # p * (log p - log q), with 0 * log 0 = 0
    plogp = tl.where(p > 0, p * tl.log(tl.where(p > 0, p, 1.0)), 0.0)
    term = p * logq - plogp
    tl.store(out_ptr + row, tl.sum(tl.where(mask, term, 0.0), axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, log_q, p):
        log_q = log_q.contiguous()
        p = p.contiguous()
        n_rows, n_cols = log_q.shape
        rows = torch.empty(n_rows, dtype=torch.float32, device=log_q.device)
        _kl_row[(n_rows,)](log_q, p, rows, n_cols, BLOCK=triton.next_power_of_2(n_cols))
        return rows.sum() / n_rows

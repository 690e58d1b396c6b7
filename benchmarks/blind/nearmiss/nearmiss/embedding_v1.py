"""Triton embedding gather: one program per token copies one table row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def embedding_kernel(ids_ptr, table_ptr, out_ptr, dim, stride_table, BLOCK_D: tl.constexpr):
    tok = tl.program_id(0)
    idx = tl.load(ids_ptr)
    d = tl.arange(0, BLOCK_D)
    mask = d < dim
    row = tl.load(table_ptr + idx * stride_table + d, mask=mask)
    tl.store(out_ptr + tok * dim + d, row, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, ids: torch.Tensor, table: torch.Tensor) -> torch.Tensor:
        ids_flat = ids.reshape(-1).contiguous()
        table = table.contiguous()
        dim = table.shape[1]
        out = torch.empty((ids_flat.numel(), dim), dtype=table.dtype, device=table.device)
        BLOCK_D = triton.next_power_of_2(dim)
        embedding_kernel[(ids_flat.numel(),)](ids_flat, table, out, dim, table.stride(0), BLOCK_D=BLOCK_D)
        return out.view(*ids.shape, dim)

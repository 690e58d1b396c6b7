"""Paged KV-cache slot mapping in Triton, one program per block of tokens."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def slot_mapping_kernel(pos_ptr, sid_ptr, bt_ptr, out_ptr, n_tokens, bt_stride0, bt_stride1,
                        block_size, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n_tokens
    pos = tl.load(pos_ptr + offs, mask=m, other=0)
    sid = tl.load(sid_ptr + offs, mask=m, other=-1)
    valid = sid >= 0
    blk_idx = pos // block_size
    blk = tl.load(bt_ptr + sid * bt_stride0 + blk_idx * bt_stride1, mask=m & valid, other=0).to(tl.int64)
    slot = blk * block_size + pos % block_size
    slot = tl.where(valid, slot, -1)
    tl.store(out_ptr + offs, slot, mask=m)


class ModelNew(nn.Module):
    def __init__(self, block_size):
        super().__init__()
        self.block_size = block_size

    def forward(self, positions, seq_ids, block_table):
        positions = positions.contiguous()
        seq_ids = seq_ids.contiguous()
        n = positions.shape[0]
        out = torch.empty(n, device=positions.device, dtype=torch.int64)
        BLOCK = 256
        slot_mapping_kernel[(triton.cdiv(n, BLOCK),)](
            positions, seq_ids, block_table, out, n, block_table.stride(0), block_table.stride(1),
            self.block_size, BLOCK=BLOCK)
        return out

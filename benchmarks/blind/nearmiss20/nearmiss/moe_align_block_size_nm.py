"""Triton MoE block alignment: a single-program kernel counts the slots per expert, pads the counts to
the block size and scans them into segment offsets; a placement kernel gives every slot its rank among
the earlier slots of the same expert; a third kernel labels every block with its expert. The output
buffer is pre-filled with the sentinel."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def moe_count_kernel(ids_ptr, offsets_ptr, out_ptr, n, E, BS, total_index,
                     BLOCK_E: tl.constexpr, BLOCK: tl.constexpr):
    es = tl.arange(0, BLOCK_E)
    emask = es < E
    counts = tl.zeros((BLOCK_E,), dtype=tl.int32)
    for start in range(0, n, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        ids = tl.load(ids_ptr + offs, mask=offs < n, other=-1).to(tl.int32)
        counts += tl.sum((ids[None, :] == es[:, None]).to(tl.int32), axis=1)
    padded = tl.where(emask, counts // BS * BS, 0)
    ends = tl.cumsum(padded, axis=0)
    starts = ends - padded
    total = tl.sum(padded, axis=0)
    tl.store(offsets_ptr + es, starts, mask=emask)
    tl.store(offsets_ptr + E, total)
    tl.store(out_ptr + total_index, total)


@triton.jit
def moe_place_kernel(ids_ptr, offsets_ptr, out_ptr, n, max_padded, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    e = tl.load(ids_ptr + offs, mask=mask, other=-1).to(tl.int32)
    rank = tl.zeros((BLOCK,), dtype=tl.int32)
    for j0 in range(0, n, BLOCK):
        js = j0 + tl.arange(0, BLOCK)
        ej = tl.load(ids_ptr + js, mask=js < n, other=-2).to(tl.int32)
        before = (ej[None, :] == e[:, None]) & (js[None, :] < offs[:, None])
        rank += tl.sum(before.to(tl.int32), axis=1)
    start = tl.load(offsets_ptr + e, mask=mask, other=0)
    pos = start + rank
    tl.store(out_ptr + pos, offs, mask=mask & (pos < max_padded))


@triton.jit
def moe_expert_ids_kernel(offsets_ptr, out_ptr, E, BS, max_padded, max_blocks,
                          BLOCK_E: tl.constexpr, BLOCK: tl.constexpr):
    blocks = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    bmask = blocks < max_blocks
    pos = blocks * BS
    es = tl.arange(0, BLOCK_E)
    ends = tl.load(offsets_ptr + es + 1, mask=es < E, other=2147483647)
    expert = tl.sum((ends[None, :] <= pos[:, None]).to(tl.int32), axis=1)
    total = tl.load(offsets_ptr + E)
    tl.store(out_ptr + max_padded + blocks, tl.where(pos < total, expert, -1), mask=bmask)


class ModelNew(nn.Module):
    def __init__(self, num_experts: int, block_size: int):
        super().__init__()
        self.num_experts = num_experts
        self.block_size = block_size

    def forward(self, topk_ids: torch.Tensor) -> torch.Tensor:
        E, BS = self.num_experts, self.block_size
        flat = topk_ids.reshape(-1).contiguous()
        n = flat.numel()
        max_padded = n + E * (BS - 1)
        max_blocks = triton.cdiv(max_padded, BS)
        out = torch.full((max_padded + max_blocks + 1,), n, dtype=torch.int32, device=flat.device)
        offsets = torch.empty(E + 1, dtype=torch.int32, device=flat.device)
        BLOCK_E = triton.next_power_of_2(E)
        BLOCK = 64
        moe_count_kernel[(1,)](flat, offsets, out, n, E, BS, max_padded + max_blocks, BLOCK_E=BLOCK_E, BLOCK=BLOCK)
        moe_place_kernel[(triton.cdiv(n, BLOCK),)](flat, offsets, out, n, max_padded, BLOCK=BLOCK)
        moe_expert_ids_kernel[(triton.cdiv(max_blocks, BLOCK),)](offsets, out, E, BS, max_padded, max_blocks,
                                                                BLOCK_E=BLOCK_E, BLOCK=BLOCK)
        return out

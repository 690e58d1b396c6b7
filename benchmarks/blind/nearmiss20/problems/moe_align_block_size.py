"""MoE token alignment to GEMM blocks (vLLM moe_align_block_size), returned as one int32 tensor:
[sorted_token_ids (max_padded), expert_ids (max_blocks), num_tokens_post_padded (1)].

Flat slots (token * topk + j) are grouped by expert in slot order; each expert's segment is padded to
a multiple of block_size with the sentinel numel; expert_ids gives the expert of each block (-1 past
the end). max_padded = numel + num_experts * (block_size - 1), max_blocks = ceil(max_padded / block_size).
"""

import torch
import torch.nn as nn

num_tokens = 37
topk = 2
num_experts = 6
block_size = 8


class Model(nn.Module):
    def __init__(self, num_experts: int, block_size: int):
        super().__init__()
        self.num_experts = num_experts
        self.block_size = block_size

    def forward(self, topk_ids: torch.Tensor) -> torch.Tensor:
        E, BS = self.num_experts, self.block_size
        flat = topk_ids.reshape(-1)
        n = flat.numel()
        max_padded = n + E * (BS - 1)
        max_blocks = (max_padded + BS - 1) // BS
        sorted_ids = torch.full((max_padded,), n, dtype=torch.int32, device=flat.device)
        expert_ids = torch.full((max_blocks,), -1, dtype=torch.int32, device=flat.device)
        pos = 0
        for e in range(E):
            slots = (flat == e).nonzero().reshape(-1)
            c = slots.numel()
            sorted_ids[pos:pos + c] = slots.to(torch.int32)
            padded = (c + BS - 1) // BS * BS
            expert_ids[pos // BS:(pos + padded) // BS] = e
            pos += padded
        total = torch.tensor([pos], dtype=torch.int32, device=flat.device)
        return torch.cat([sorted_ids, expert_ids, total])


def get_inputs():
    logits = torch.randn(num_tokens, num_experts)
    logits[:, 2] -= 100.0
    logits[:5, 4] += 100.0
    topk_ids = logits.topk(topk, dim=-1).indices
    return [topk_ids]


def get_init_inputs():
    return [num_experts, block_size]

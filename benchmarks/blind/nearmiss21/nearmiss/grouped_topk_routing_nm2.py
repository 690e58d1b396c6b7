"""Triton group-limited top-k routing: one program per token tile; group scores from a
(token x group x expert) view, then selection passes over the groups and over the experts."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def grouped_topk_kernel(logit_ptr, bias_ptr, out_ptr, T, E, G, GS, scaling,
                        TOPK_G: tl.constexpr, TOPK: tl.constexpr,
                        BLOCK_T: tl.constexpr, BLOCK_E: tl.constexpr, BLOCK_G: tl.constexpr):
    pid = tl.program_id(0)
    t = pid * BLOCK_T + tl.arange(0, BLOCK_T)
    e = tl.arange(0, BLOCK_E)
    g = tl.arange(0, BLOCK_G)
    t_mask = t < T
    e_mask = e < E
    x = tl.load(logit_ptr + t[:, None] * E + e[None, :], mask=t_mask[:, None] & e_mask[None, :], other=0.0)
    bias = tl.load(bias_ptr + e, mask=e_mask, other=0.0)
    scores = tl.sigmoid(x)
    biased = tl.where(e_mask[None, :], scores + bias[None, :], float("-inf"))
    gid = e // GS
    in_group = (gid[None, None, :] == g[None, :, None]) & e_mask[None, None, :]
    s3 = tl.where(in_group, biased[:, None, :], float("-inf"))
    m1 = tl.max(s3, axis=2)
    s3 = tl.where(s3 == m1[:, :, None], float("-inf"), s3)
    m2 = tl.max(s3, axis=2)
    gscore = tl.where(g[None, :] < G, m1, float("-inf"))
    chosen = tl.zeros((BLOCK_T, BLOCK_G), dtype=tl.int32)
    for _ in tl.static_range(TOPK_G):
        best = tl.argmax(gscore, axis=1)
        hit = g[None, :] == best[:, None]
        chosen = tl.where(hit, 1, chosen)
        gscore = tl.where(hit, float("-inf"), gscore)
    keep = tl.sum(tl.where(gid[None, None, :] == g[None, :, None], chosen[:, :, None], 0), axis=1) > 0
    cand = tl.where(keep & e_mask[None, :], biased, float("-inf"))
    total = tl.zeros((BLOCK_T,), dtype=tl.float32)
    for j in tl.static_range(TOPK):
        best = tl.argmax(cand, axis=1)
        hit = e[None, :] == best[:, None]
        wj = tl.sum(tl.where(hit, scores, 0.0), axis=1)
        total += wj
        tl.store(out_ptr + t * (2 * TOPK) + j, wj, mask=t_mask)
        tl.store(out_ptr + t * (2 * TOPK) + TOPK + j, best.to(tl.float32), mask=t_mask)
        cand = tl.where(hit, float("-inf"), cand)
    tl.debug_barrier()
    for j in tl.static_range(TOPK):
        wj = tl.load(out_ptr + t * (2 * TOPK) + j, mask=t_mask, other=0.0)
        tl.store(out_ptr + t * (2 * TOPK) + j, wj / total * scaling, mask=t_mask)


class ModelNew(nn.Module):
    def __init__(self, num_groups: int, topk_groups: int, top_k: int, routed_scaling: float):
        super().__init__()
        self.num_groups = num_groups
        self.topk_groups = topk_groups
        self.top_k = top_k
        self.routed_scaling = routed_scaling

    def forward(self, logits: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        logits = logits.contiguous()
        T, E = logits.shape
        G = self.num_groups
        out = torch.empty(T, 2 * self.top_k, device=logits.device, dtype=logits.dtype)
        BLOCK_T = 16
        grouped_topk_kernel[(triton.cdiv(T, BLOCK_T),)](
            logits, bias.contiguous(), out, T, E, G, E // G, self.routed_scaling,
            TOPK_G=self.topk_groups, TOPK=self.top_k, BLOCK_T=BLOCK_T,
            BLOCK_E=triton.next_power_of_2(E), BLOCK_G=triton.next_power_of_2(G))
        return out

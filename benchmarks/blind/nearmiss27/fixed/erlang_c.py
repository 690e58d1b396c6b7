"""Erlang C metrics per scenario lane: Erlang B by its stable recursion over servers, then P(wait), ASA and service level."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _erlang_c_kernel(load_ptr, agents_ptr, aht_ptr, target_ptr, out_ptr, n_scen, limit, stride_o,
                     BLOCK: tl.constexpr):
    lanes = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = lanes < n_scen
    a = tl.load(load_ptr + lanes, mask=m, other=0.5)
    n_i = tl.load(agents_ptr + lanes, mask=m, other=1)
    aht = tl.load(aht_ptr + lanes, mask=m, other=1.0)
    tgt = tl.load(target_ptr + lanes, mask=m, other=0.0)
    n = n_i.to(tl.float32)
    blk = tl.full([BLOCK], 1.0, dtype=tl.float32)
    for k in range(1, limit + 1):
        ab = a * blk
        nxt = ab / (k + ab)
        blk = tl.where(k <= n_i, nxt, blk)
    pw = n * blk / (n - a * (1.0 - blk))
    asa = pw * aht / (n - a)
    sl = 1.0 - pw * tl.exp(-(n - a) * tgt / aht)
    tl.store(out_ptr + lanes * stride_o + 0, pw, mask=m)
    tl.store(out_ptr + lanes * stride_o + 1, asa, mask=m)
    tl.store(out_ptr + lanes * stride_o + 2, sl, mask=m)


class ModelNew(nn.Module):
    def __init__(self, agent_limit: int):
        super().__init__()
        self.agent_limit = agent_limit

    def forward(self, load: torch.Tensor, agents: torch.Tensor, aht: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        s = load.shape[0]
        out = torch.empty(s, 3, device=load.device, dtype=torch.float32)
        BLOCK = 128
        grid = (triton.cdiv(s, BLOCK),)
        _erlang_c_kernel[grid](load.contiguous(), agents.contiguous(), aht.contiguous(), target.contiguous(),
                               out, s, self.agent_limit, out.stride(0), BLOCK=BLOCK)
        return out

"""Erlang C staffing metrics for call-centre scenarios: probability of waiting, average speed of answer, service level."""

import torch
import torch.nn as nn

num_scenarios = 256
max_agents = 64


class Model(nn.Module):
    def __init__(self, agent_limit: int):
        super().__init__()
        self.agent_limit = agent_limit

    def forward(self, load: torch.Tensor, agents: torch.Tensor, aht: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        # load: (S,) offered traffic in erlangs; agents: (S,) int64 (load < agents <= agent_limit);
        # aht: (S,) average handle time (s); target: (S,) answer-time target (s).
        # Returns (S, 3) = [P(wait), average speed of answer, service level].
        a = load.double()
        n = agents.double()
        blk = torch.ones_like(a)
        for k in range(1, self.agent_limit + 1):
            nxt = a * blk / (k + a * blk)
            blk = torch.where(agents >= k, nxt, blk)
        pw = n * blk / (n - a * (1.0 - blk))
        asa = pw * aht.double() / (n - a)
        sl = 1.0 - pw * torch.exp(-(n - a) * target.double() / aht.double())
        return torch.stack([pw, asa, sl], dim=1).float()


def get_inputs():
    agents = torch.randint(4, max_agents + 1, (num_scenarios,))
    occupancy = 0.6 + 0.37 * torch.rand(num_scenarios)
    load = agents.float() * occupancy
    aht = 120.0 + 480.0 * torch.rand(num_scenarios)
    target = 10.0 + 50.0 * torch.rand(num_scenarios)
    return [load, agents, aht, target]


def get_init_inputs():
    return [max_agents]

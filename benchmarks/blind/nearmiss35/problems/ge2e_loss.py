"""Generalised end-to-end speaker-verification loss, softmax variant (Wan et al. 2018): cosine similarity of
every utterance embedding to every speaker centroid (its own speaker's centroid computed without the
utterance), scaled by w and shifted by b (learned, initialised to 10 and -5), and the per-utterance loss
-S_own + logsumexp over speakers. Returns the (speakers, utterances) loss matrix."""

import torch
import torch.nn as nn

num_speakers = 12
num_utterances = 10
dim = 48


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.tensor(10.0))
        self.b = nn.Parameter(torch.tensor(-5.0))

    def forward(self, e: torch.Tensor) -> torch.Tensor:
        n, m, _ = e.shape
        cent = e.mean(dim=1)
        cent_ex = (e.sum(dim=1, keepdim=True) - e) / (m - 1)
        en = e / e.norm(dim=-1, keepdim=True)
        cn = cent / cent.norm(dim=-1, keepdim=True)
        cos_all = torch.einsum("jid,kd->jik", en, cn)
        cos_own = (en * cent_ex).sum(dim=-1) / cent_ex.norm(dim=-1)
        own = torch.eye(n, dtype=torch.bool, device=e.device)[:, None, :]
        cos = torch.where(own, cos_own[..., None], cos_all)
        s = self.w * cos + self.b
        s_own = (s * own).sum(dim=-1)
        return torch.logsumexp(s, dim=-1) - s_own


def get_inputs():
    centres = torch.randn(num_speakers, dim)
    return [centres[:, None, :] + 2.5 * torch.randn(num_speakers, num_utterances, dim)]


def get_init_inputs():
    return []

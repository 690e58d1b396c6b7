"""Test-wide settings: CPU by default, a private cache, and paths to the corpora."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"
EXAMPLES = ROOT / "kagent" / "examples"


def pytest_configure(config):
    # One cache for the whole session (reference outputs and Triton caches are reused across tests),
    # never the user's.
    os.environ.setdefault("KAGENT_CACHE_DIR", str(ROOT / ".kagent-cache" / "tests"))
    # one base seed for the whole session, so reference outputs are made once per problem (runs
    # outside the tests draw a fresh seed each; tests of that unset it)
    os.environ.setdefault("KAGENT_SEED", "42")
    # and the fresh case's seed (drawn from os.urandom on every user run): CI gives the same verdicts
    # on every run; tests of the fresh case unset it
    os.environ.setdefault("KAGENT_FRESH_SEED", "4242")
    for var in [k for k in os.environ if k.endswith("_API_KEY")]:
        os.environ.pop(var)


def cuda_available() -> bool:
    try:
        import torch

        return torch.cuda.is_available()
    except ImportError:
        return False


requires_cuda = pytest.mark.skipif(not cuda_available(), reason="needs a CUDA device")


def pytest_collection_modifyitems(session, config, items):
    # modules that say RUN_FIRST (the long golden repairs) are collected first: under pytest-xdist's
    # --dist loadscope they start at once, and the short files fill the other worker around them
    items.sort(key=lambda item: not getattr(item.module, "RUN_FIRST", False))

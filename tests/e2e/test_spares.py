"""Workers started ahead of need (VerifyConfig.prewarm, where workers are not forked from a warm server:
the GPU): after a verify, the next verify's candidate, reference and perturbed workers are already
starting, and the next verify takes them (and starts the following ones). Run on the CPU with the fork
server switched off, as on a GPU. The fresh case's seed is drawn per run here (no KAGENT_FRESH_SEED), so
each verify runs a reference job for it, as a user's does.
"""

from __future__ import annotations

from pathlib import Path

from kagent.api import verify
from kagent.config import VerifyConfig
from kagent.verifiers import verify as V

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def test_the_next_verify_takes_the_workers_started_for_it(monkeypatch):
    monkeypatch.setenv("KAGENT_FORK_SERVER", "0")
    monkeypatch.delenv("KAGENT_FRESH_SEED", raising=False)
    config = VerifyConfig(device="cpu", seed=11, prewarm=True)
    cand, ref = CORPUS / "correct" / "vector_add.py", CORPUS / "problems" / "vector_add.py"
    try:
        assert verify(cand, ref, config=config).verdict == "pass"
        first = dict(V._spares)
        assert set(first) == {"candidate", "reference", "perturbed"}, first
        assert all(s.worker.alive() for s in first.values()), {r: s.worker.alive() for r, s in first.items()}
        folders = [f for s in first.values() for f in s.folders]
        assert folders and all(f.is_dir() for f in folders)  # the perturbed run's, made with its worker

        report = verify(cand, ref, config=config)
        assert report.verdict == "pass", report.summary
        # each waiting worker ran its job (and has exited), and a new one waits for the verify after
        assert all(not s.worker.alive() for s in first.values())
        assert not any(f.exists() for f in folders)
        assert set(V._spares) == set(first)
        assert all(V._spares[role].worker is not first[role].worker for role in first)

        # a job with other settings does not take a waiting worker: it is dropped (and replaced after)
        waiting = V._spares["candidate"]
        assert V._take_spare("candidate", ("other settings",)) is None
        assert not waiting.worker.alive() and "candidate" not in V._spares
    finally:
        V._drop_spare()
    assert not V._spares

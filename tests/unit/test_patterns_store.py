"""The Chroma-backed pattern store: rebuild on change, corruption recovery, learning, server mode."""

from __future__ import annotations

import logging
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import numpy as np
import pytest

from kagent.errors import InputError
from kagent.patterns.embedding import HashedTfidfEmbedding, hashed_embed, minilm_available
from kagent.patterns.schema import library_dir, load_directory, load_pattern_text
from kagent.patterns.store import PatternStore

N_SEED = len(load_directory(library_dir()))

EXTRA = """\
id: extra-zzz-pattern
title: Quasar flux capacitor overflow
backends: [cuda]
symptoms:
  failure_classes: [crash]
  error_regexes: ["quasar flux"]
explanation: The quasar flux capacitor overflows when the warp drive is engaged without a barrier.
provenance: {kind: public, source: test}
"""

BEFORE = "x = tl.load(x_ptr + offs)\ntl.store(out_ptr + offs, x)\n"
AFTER = "x = tl.load(x_ptr + offs, mask=offs < n)\ntl.store(out_ptr + offs, x, mask=offs < n)\n"


@pytest.fixture()
def store(tmp_path: Path) -> PatternStore:
    return PatternStore.open(tmp_path / "store")


def test_hashed_embedding_is_deterministic_and_normalised() -> None:
    a = hashed_embed(["tl.load without mask reads past the end", "tl.load without mask reads past the end"])
    assert a.shape == (2, 1024) and np.allclose(a[0], a[1])
    assert np.isclose(np.linalg.norm(a[0]), 1.0)
    b = hashed_embed(["warp shuffle mask"])[0]
    assert float(a[0] @ b) < 0.5
    ef = HashedTfidfEmbedding.build_from_config(HashedTfidfEmbedding().get_config())
    assert ef.name() == "kagent_hashed_tfidf" and ef.dim == 1024


def test_open_indexes_every_file_and_reopen_does_not_rebuild(tmp_path: Path, store: PatternStore) -> None:
    assert len(store) == N_SEED == store._collection.count()
    built = store._collection.metadata["built"]
    again = PatternStore.open(tmp_path / "store")
    assert again._collection.metadata["built"] == built  # same digest: no rebuild
    # the persisted collection reopens with kagent's embedding function, not chromadb's default
    assert again._collection._embedding_function.name() == "kagent_hashed_tfidf"


def test_rebuild_when_a_file_changes(tmp_path: Path, store: PatternStore) -> None:
    (tmp_path / "store" / "learned" / "extra.yaml").write_text(EXTRA)
    again = PatternStore.open(tmp_path / "store")
    assert len(again) == N_SEED + 1 and again._collection.count() == N_SEED + 1
    assert again.search("quasar flux capacitor", k=1)[0].pattern.id == "extra-zzz-pattern"
    (tmp_path / "store" / "learned" / "extra.yaml").write_text(EXTRA.replace("Quasar", "Pulsar"))
    third = PatternStore.open(tmp_path / "store")
    assert third.get("extra-zzz-pattern").title.startswith("Pulsar")
    assert third._collection.metadata["digest"] != again._collection.metadata["digest"]


def test_invalid_learned_file_is_skipped_with_a_warning(tmp_path: Path, store: PatternStore,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "store" / "learned" / "bad.yaml").write_text(EXTRA.replace("[crash]", "[melted]"))
    (tmp_path / "store" / "learned" / "good.yaml").write_text(EXTRA)
    with caplog.at_level(logging.WARNING, logger="kagent.patterns.store"):
        again = PatternStore.open(tmp_path / "store")
    assert any("bad.yaml" in r.message for r in caplog.records)
    assert len(again) == N_SEED + 1 and again._collection.count() == N_SEED + 1
    assert "failure_classes" in again.skipped[0]


def test_chroma_path_that_is_a_file_is_an_input_error(tmp_path: Path) -> None:
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "chroma").write_text("not a directory")
    with pytest.raises(InputError, match="is a file"):
        PatternStore.open(tmp_path / "s")
    (tmp_path / "plain").write_text("x")
    with pytest.raises(InputError, match="is a file"):
        PatternStore.open(tmp_path / "plain")


def test_deleted_store_is_rebuilt_with_a_warning(tmp_path: Path, store: PatternStore,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    store.learn("out_of_bounds", "illegal memory access", BEFORE, AFTER, "mask it", "run-1", verified=True)
    shutil.rmtree(tmp_path / "store" / "chroma")
    again = PatternStore.open(tmp_path / "store")  # same process: chromadb's client cache must not matter
    assert len(again) == N_SEED + 1 and again._collection.count() == N_SEED + 1  # learned file survived
    assert again.search("mask offs < n", k=1)


@pytest.mark.parametrize("damage", ["garble", "truncate"])
def test_corrupted_store_is_rebuilt_with_a_warning(tmp_path: Path, store: PatternStore, damage: str,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    store.learn("out_of_bounds", "illegal memory access", BEFORE, AFTER, "mask it", "run-1", verified=True)
    db = store._index.path / "chroma.sqlite3"
    assert db.exists()
    if damage == "garble":
        db.write_bytes(b"this is not a sqlite database" * 1000)
    else:
        db.write_bytes(db.read_bytes()[:100])
    with caplog.at_level(logging.WARNING, logger="kagent.patterns.store"):
        again = PatternStore.open(tmp_path / "store")
    assert any("rebuilding it from the pattern files" in r.message for r in caplog.records)
    assert len(again) == N_SEED + 1 and again._collection.count() == N_SEED + 1
    assert again.retrieve("compile_error", "module 'triton' has no attribute 'next_power_of_two'", "")[0] \
        .pattern.id == "triton-invented-api"


def test_env_var_sets_the_default_location(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KAGENT_PATTERNS_DIR", str(tmp_path / "env-store"))
    s = PatternStore.open()
    assert s.path == tmp_path / "env-store" and (tmp_path / "env-store" / "chroma").is_dir()


def test_retrieve_ranks_symptom_matches_first(store: PatternStore) -> None:
    hits = store.retrieve("compile_error", "AttributeError: module 'triton' has no attribute 'next_power_of_two'",
                          "BLOCK = triton.next_power_of_two(n)\n", k=3)
    assert hits[0].pattern.id == "triton-invented-api" and "error matches" in hits[0].reason
    hits = store.retrieve("compile_error", "ptxas error : Unknown symbol '%rd99'", "", backend="ptx", k=3)
    assert hits[0].pattern.id == "ptx-undeclared-register"
    assert all("ptx" in h.pattern.backends for h in hits)
    hits = store.retrieve("numerical_mismatch", "", "y = x * (1.0 + tl.math.erf(x * 0.7071))\n"
                          "@triton.jit\ndef k(x_ptr, n, B: tl.constexpr):\n    pass\n", k=3)
    assert "triton-gelu-missing-half" in [h.pattern.id for h in hits]


def test_learning_only_from_verified_repairs(tmp_path: Path, store: PatternStore) -> None:
    refused = store.learn("out_of_bounds", "illegal memory access", BEFORE, AFTER, "mask it", "run-1",
                          verified=False)
    assert refused.status == "refused" and len(store) == N_SEED
    assert not list((tmp_path / "store" / "learned").iterdir())
    assert store.learn("out_of_bounds", "x", BEFORE, BEFORE, "nothing", "run-1", verified=True).status == "refused"

    first = store.learn("out_of_bounds", "illegal memory access at 0x7f", BEFORE, AFTER, "mask the tail",
                        "run-1", verified=True)
    assert first.status == "stored" and first.pattern_id
    learned = store.get(first.pattern_id)
    assert learned.provenance.kind == "learned" and learned.provenance.run == "run-1"
    assert learned.fix is None and learned.outcomes.successes == 1
    assert (tmp_path / "store" / "learned" / f"{first.pattern_id}.yaml").exists()

    same = store.learn("out_of_bounds", "other text", BEFORE, AFTER, "again", "run-2", verified=True)
    assert same.status == "duplicate" and same.pattern_id == first.pattern_id
    near = store.learn("out_of_bounds", "x", BEFORE, AFTER.replace("offs < n)\ntl", "offs < n )\ntl"),
                       "again", "run-3", verified=True)
    assert near.status == "duplicate" and near.pattern_id == first.pattern_id
    other = store.learn("nan_output", "nan", "num = tl.exp(x)\n", "num = tl.exp(x - tl.max(x, axis=0))\n",
                        "subtract the max", "run-4", verified=True)
    assert other.status == "stored" and other.pattern_id != first.pattern_id
    assert store.get(first.pattern_id).outcomes.successes == 3
    assert len(store) == N_SEED + 2


def test_outcome_counts_persist(tmp_path: Path, store: PatternStore) -> None:
    store.record_outcome("triton-grid-floor-div", True)
    store.record_outcome("triton-grid-floor-div", True)
    store.record_outcome("triton-grid-floor-div", False)
    again = PatternStore.open(tmp_path / "store")
    o = again.get("triton-grid-floor-div").outcomes
    assert (o.successes, o.failures) == (2, 1)
    with pytest.raises(KeyError):
        again.record_outcome("no-such-pattern", True)


def test_add_export_import(tmp_path: Path, store: PatternStore) -> None:
    p = load_pattern_text(EXTRA, "extra.yaml")
    store.add(p)
    with pytest.raises(InputError, match="already exists"):
        store.add(p)
    with pytest.raises(InputError, match="seed pattern"):
        store.add(store.get("triton-grid-floor-div"))
    assert store.export(tmp_path / "out", only="learned") == 1
    assert store.export(tmp_path / "all") == N_SEED + 1
    other = PatternStore.open(tmp_path / "other")
    assert other.import_(tmp_path / "out") == ["extra-zzz-pattern"]
    assert other.import_(tmp_path / "all") == []  # seeds skipped, identical learned one unchanged
    assert other.get("extra-zzz-pattern") == p


@pytest.mark.skipif(not minilm_available(), reason="optional extra `embeddings` not installed")
def test_minilm_embedding(tmp_path: Path) -> None:
    s = PatternStore.open(tmp_path / "m", embedding="minilm")
    assert s.search("softmax overflows to NaN for large logits", k=3)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_server_mode_with_a_real_chroma_server(tmp_path: Path) -> None:
    chroma = shutil.which("chroma") or str(Path(os.sys.executable).parent / "chroma")
    if not Path(chroma).exists():
        pytest.skip("the `chroma` CLI is not installed")
    port = _free_port()
    proc = subprocess.Popen([chroma, "run", "--path", str(tmp_path / "server"), "--port", str(port),
                             "--host", "127.0.0.1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        import chromadb
        from chromadb.config import Settings

        deadline = time.monotonic() + 60
        while True:
            try:
                chromadb.HttpClient(host="127.0.0.1", port=port,
                                    settings=Settings(anonymized_telemetry=False)).heartbeat()
                break
            except Exception:  # not up yet: connection refused until the server listens
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.3)
        url = f"http://127.0.0.1:{port}"
        a = PatternStore.open(tmp_path / "a", chroma_url=url)
        assert a.remote and len(a) == N_SEED and a._collection.count() == N_SEED
        assert not (tmp_path / "a" / "chroma").exists()
        res = a.learn("out_of_bounds", "illegal memory access", BEFORE, AFTER, "mask", "run-s", verified=True)
        # a second client (another team member, same learned files) sees the shared index
        shutil.copytree(tmp_path / "a" / "learned", tmp_path / "b" / "learned")
        b = PatternStore.open(tmp_path / "b", chroma_url=url)
        assert b._collection.count() == N_SEED + 1
        assert b.search("tl.load mask offs < n", k=3, backend="triton")
        assert b.get(res.pattern_id).provenance.run == "run-s"
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)

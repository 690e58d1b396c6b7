"""The pattern store: the library files, indexed in Chroma for retrieval, plus learned patterns.

The Chroma collection is a cache. The truth is files: the seed library shipped in
kagent/patterns/library/, and patterns added or learned later, kept in `<store>/learned/*.yaml`.
The collection records a digest of those files (and of the embedding); when it differs, or the
store is missing or unreadable, the index is rebuilt from the files (with a warning when it was
broken). Outcome counts live in `<store>/outcomes.json` so the shipped library stays read-only.

Layer 3 (patterns/): imports kagent.config, kagent.errors and the other patterns modules.
Concurrency: see PatternStore (index builds) and record_outcome (outcome counts).
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import re
import shutil
import sqlite3
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlparse

from pydantic import BaseModel, ConfigDict

from kagent.config import data_dir
from kagent.errors import InputError
from kagent.patterns.schema import (
    Outcomes,
    Pattern,
    PatternFileError,
    Provenance,
    Symptoms,
    dump_pattern_yaml,
    files_digest,
    library_dir,
    load_directory,
    load_pattern_file,
    pattern_files,
)

log = logging.getLogger("kagent.patterns.store")

COLLECTION = "kagent_patterns"
RRF_K = 10  # small: the head of each list matters most
SYMPTOM_WEIGHT = 1.5
EMBEDDING_WEIGHT = 1.0
DETECTOR_WEIGHT = 1.0
EXCERPT_CHARS = 4000
DEDUP_SIMILARITY = 0.92


class Hit(BaseModel):
    model_config = ConfigDict(extra="forbid")

    pattern: Pattern
    score: float
    reason: str


class LearnResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    status: Literal["stored", "duplicate", "refused"]
    pattern_id: str | None = None
    reason: str


def default_store_dir() -> Path:
    env = os.environ.get("KAGENT_PATTERNS_DIR")
    return Path(env) if env else data_dir() / "patterns"


def _backend_of(source: str) -> str:
    if "@triton.jit" in source or "triton.language" in source:
        return "triton"
    if re.search(r"^\s*\.(version|target)\b", source, re.M):
        return "ptx"
    if re.search(r"\bs_(waitcnt|endpgm|load_dword)|\.amdhsa_", source):
        return "amdgpu"
    return "cuda"


def _changed_lines(before: str, after: str) -> tuple[list[str], list[str]]:
    import difflib

    removed, added = [], []
    for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0):
        if line.startswith(("---", "+++", "@@")):
            continue
        if line.startswith("-"):
            removed.append(line[1:])
        elif line.startswith("+"):
            added.append(line[1:])
    return removed, added


def _excerpt(source: str, limit: int = EXCERPT_CHARS) -> str:
    """The kernel part of a candidate: @triton.jit functions and launches first."""
    if len(source) <= limit:
        return source
    lines = source.splitlines()
    keep = [i for i, line in enumerate(lines) if re.search(r"@triton\.jit|tl\.|\[grid\]|__global__|\]\(", line)]
    text = "\n".join(lines[i] for i in keep)
    return text[:limit] if text else source[:limit]


def _tied_ranks(scores: list[float]) -> list[float]:
    """0-based ranks of descending scores; equal scores share their group's mean rank."""
    ranks: list[float] = []
    i = 0
    while i < len(scores):
        j = i
        while j < len(scores) and scores[j] == scores[i]:
            j += 1
        ranks.extend([(i + j - 1) / 2] * (j - i))
        i = j
    return ranks


@contextmanager
def _flock(path: Path, mode: int = fcntl.LOCK_EX) -> Iterator[None]:
    """An flock on `path` (created when missing) for the duration of the block."""
    with open(path, "a+") as fh:
        fcntl.flock(fh, mode)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def write_text_atomic(path: Path, text: str) -> None:
    """Write `path` through a temporary file unique to this process and thread, then rename it
    over the target: a reader sees the old file or the new one, never a half-written one."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


class _Index:
    """One finished local index: `<store>/chroma/<embedding>-<digest>-<build>/`, immutable once its
    READY file exists. A process that uses it holds a shared flock on its `inuse` file, so the
    garbage collection of superseded indexes (exclusive, non-blocking) never removes one in use."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fh: Any = None

    def hold(self) -> bool:
        """Take the shared in-use lock; False when the index vanished or is not (or no longer) ready."""
        try:
            fh = open(self.path / "inuse", "a+")
        except OSError:
            return False
        fcntl.flock(fh, fcntl.LOCK_SH)
        if not (self.path / "READY").is_file():
            fh.close()
            return False
        self._fh = fh
        return True

    def release(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None


class PatternStore:
    """Open with `PatternStore.open(...)`; the constructor is internal.

    Local stores are safe to open, search, learn into and rebuild from several processes at
    once: the index for a set of pattern files is built under `<store>/.build.lock` into a
    directory of its own (named by the files' digest and a unique build id, so no process ever
    reopens a path that chromadb's per-process client cache saw before), marked READY when
    complete and never modified afterwards; a process that finds it broken marks it so and builds
    another. Superseded indexes are removed only when no process holds them."""

    def __init__(self, path: Path, client: Any, embedding: str, remote: bool) -> None:
        self.path = path
        self.embedding = embedding
        self.remote = remote
        self._client = client
        self._collection: Any = None
        self._index: _Index | None = None
        self._patterns: dict[str, Pattern] = {}
        self._origin: dict[str, Path] = {}
        self.skipped: list[str] = []

    # --- opening -------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path | None = None, chroma_url: str | None = None,
             embedding: str = "hashed") -> "PatternStore":
        from kagent.patterns.embedding import EMBEDDINGS

        if embedding not in EMBEDDINGS:
            raise InputError(f"unknown embedding {embedding!r}; choose one of {sorted(EMBEDDINGS)}")
        path = Path(path) if path is not None else default_store_dir()
        for what, p in (("the pattern store", path), ("its learned patterns", path / "learned")):
            if p.exists() and not p.is_dir():
                raise InputError(f"{p} is a file, not a directory ({what}); move it away or choose "
                                 "another store with --store / KAGENT_PATTERNS_DIR")
        if not chroma_url and (path / "chroma").exists() and not (path / "chroma").is_dir():
            raise InputError(f"{path / 'chroma'} is a file, not the store's index directory; move it away "
                             "(the index is rebuilt from the pattern files)")
        try:
            path.mkdir(parents=True, exist_ok=True)
            (path / "learned").mkdir(exist_ok=True)
        except OSError as exc:
            raise InputError(f"cannot create the pattern store at {path}: {exc}") from exc
        if chroma_url:
            store = cls(path, cls._http_client(chroma_url), embedding, remote=True)
            store._load_files()
            store._sync()
        else:
            store = cls(path, None, embedding, remote=False)
            store._load_files()
            store._open_local()
        return store

    @staticmethod
    def _settings() -> Any:
        from chromadb.config import Settings

        return Settings(anonymized_telemetry=False)

    @classmethod
    def _http_client(cls, url: str) -> Any:
        import chromadb

        parsed = urlparse(url if "://" in url else f"http://{url}")
        if not parsed.hostname:
            raise InputError(f"--chroma-url {url!r}: expected http://HOST:PORT")
        return chromadb.HttpClient(host=parsed.hostname, port=parsed.port or 8000,
                                   ssl=parsed.scheme == "https", settings=cls._settings())

    def _load_files(self) -> None:
        self._patterns.clear()
        self._origin.clear()
        self.skipped = []
        for pattern in load_directory(library_dir()):  # shipped: an error here is kagent's bug, raised
            self._patterns[pattern.id] = pattern
            self._origin[pattern.id] = library_dir()
        learned = self.path / "learned"
        for file in pattern_files(learned):
            try:
                pattern = load_pattern_file(file)
            except PatternFileError as exc:
                self._skip(file, str(exc))
                continue
            if pattern.id in self._patterns:
                self._skip(file, f"pattern id {pattern.id!r} is also in {self._origin[pattern.id]}")
                continue
            self._patterns[pattern.id] = pattern
            self._origin[pattern.id] = learned
        outcomes = self._read_outcomes()
        for pid, counts in outcomes.items():
            if pid in self._patterns:
                base = self._patterns[pid].outcomes
                self._patterns[pid] = self._patterns[pid].model_copy(update={"outcomes": Outcomes(
                    successes=base.successes + counts.get("successes", 0),
                    failures=base.failures + counts.get("failures", 0))})

    def _skip(self, file: Path, why: str) -> None:
        log.warning("skipping learned pattern file %s: %s", file, why.splitlines()[0] if why else why)
        self.skipped.append(f"{file}: {why}")

    def _digest(self) -> str:
        """Over the patterns actually loaded (a skipped file does not count) and the embedding."""
        files = [f for f in pattern_files(library_dir()) + pattern_files(self.path / "learned")
                 if not any(s.startswith(f"{f}: ") for s in self.skipped)]
        return f"{self.embedding}:{files_digest(files)}"

    def _collection_name(self) -> str:
        return f"{COLLECTION}_{self.embedding}"

    # --- the local index -----------------------------------------------------------------
    def _index_root(self) -> Path:
        return self.path / "chroma"

    def _index_prefix(self) -> str:
        return f"{self.embedding}-{self._digest().split(':', 1)[1][:20]}-"

    def _ready_indexes(self, prefix: str) -> list[Path]:
        """Finished indexes for `prefix`, newest first."""
        root = self._index_root()
        if not root.is_dir():
            return []
        found = []
        for d in root.iterdir():
            ready = d / "READY"
            if d.name.startswith(prefix) and ready.is_file():
                try:
                    found.append((ready.stat().st_mtime, d.name, d))
                except FileNotFoundError:  # removed meanwhile
                    continue
        return [d for _, _, d in sorted(found, reverse=True)]

    def _db_errors(self) -> tuple[type[BaseException], ...]:
        errors: tuple[type[BaseException], ...] = (sqlite3.DatabaseError, ValueError, KeyError, OSError)
        try:
            from chromadb.errors import ChromaError

            errors = errors + (ChromaError,)
        except ImportError:
            log.debug("chromadb.errors.ChromaError not available")
        return errors

    def _attach(self, directory: Path) -> bool:
        """Use the finished index in `directory`; False (and it is marked broken) when it is unusable."""
        import chromadb

        from kagent.patterns.embedding import make_embedding

        index = _Index(directory)
        if not index.hold():
            return False
        try:
            client = chromadb.PersistentClient(path=str(directory), settings=self._settings())
            coll = client.get_collection(self._collection_name(), embedding_function=make_embedding(self.embedding))
            if coll.count() != len(self._patterns):
                raise ValueError(f"it holds {coll.count()} patterns, the files {len(self._patterns)}")
        except self._db_errors() as exc:
            index.release()
            log.warning("pattern store at %s is unusable (%s: %s); rebuilding it from the pattern files",
                        directory, type(exc).__name__, exc)
            try:
                (directory / "READY").rename(directory / "BROKEN")
            except OSError as err:  # another process marked it first
                log.debug("marking %s broken: %s", directory, err)
            return False
        self._release_index()
        self._client, self._collection, self._index = client, coll, index
        return True

    def _release_index(self) -> None:
        if self._index is not None:
            self._index.release()
            self._index = None

    def _open_local(self, force: bool = False) -> None:
        """Attach the finished index of the current files, building it (under the build lock) when
        there is none or `force`."""
        prefix = self._index_prefix()
        if not force:
            for d in self._ready_indexes(prefix):
                if self._attach(d):
                    return
        root = self._index_root()
        root.mkdir(exist_ok=True)
        with _flock(self.path / ".build.lock"):
            if not force:  # built by another process while this one waited for the lock?
                for d in self._ready_indexes(prefix):
                    if self._attach(d):
                        return
            if any(root.glob(f"{self.embedding}-*")):
                log.info("pattern files changed; building a new index")
            self._build(root / f"{prefix}{time.strftime('%Y%m%d%H%M%S')}{uuid.uuid4().hex[:8]}")
            self._collect_garbage()

    def _build(self, directory: Path) -> None:
        import chromadb

        from kagent.patterns.embedding import make_embedding

        directory.mkdir()
        index = _Index(directory)
        fh = open(directory / "inuse", "a+")
        fcntl.flock(fh, fcntl.LOCK_SH)  # nobody collects it while it is being built
        index._fh = fh
        try:
            client = chromadb.PersistentClient(path=str(directory), settings=self._settings())
            coll = client.create_collection(
                self._collection_name(), embedding_function=make_embedding(self.embedding),
                configuration={"hnsw": {"space": "cosine"}}, metadata={"digest": "building"})
            patterns = self.all()
            if patterns:
                coll.add(ids=[p.id for p in patterns], documents=[p.document() for p in patterns],
                         metadatas=[self._metadata(p) for p in patterns])
            coll.modify(metadata={"digest": self._digest(), "built": time.time()})
            write_text_atomic(directory / "READY", json.dumps({"digest": self._digest(), "pid": os.getpid(),
                                                               "patterns": len(patterns)}))
        except BaseException:
            index.release()
            raise
        self._release_index()
        self._client, self._collection, self._index = client, coll, index

    def _collect_garbage(self) -> None:
        """Remove indexes nobody holds that are not the newest finished one of their embedding
        (called under the build lock)."""
        root = self._index_root()
        newest: dict[str, float] = {}
        entries = []
        (root / "chroma.sqlite3").unlink(missing_ok=True)  # the single shared index of kagent < 0.2
        for d in root.iterdir():
            if not d.is_dir():
                continue
            emb = d.name.split("-", 1)[0]
            ready = d / "READY"
            mtime = ready.stat().st_mtime if ready.is_file() else None
            entries.append((d, emb, mtime))
            if mtime is not None:
                newest[emb] = max(newest.get(emb, mtime), mtime)
        for d, emb, mtime in entries:
            if mtime is not None and mtime >= newest[emb]:
                continue
            if self._index is not None and d == self._index.path:
                continue
            try:
                fh = open(d / "inuse", "a+")
            except OSError as exc:
                log.debug("cannot check %s: %s", d, exc)
                continue
            with fh:
                try:
                    fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    continue  # in use (or being built) by a process
                (d / "READY").unlink(missing_ok=True)
                shutil.rmtree(d, ignore_errors=True)

    # --- the remote index ----------------------------------------------------------------
    def _sync(self) -> None:
        """Remote (chroma server) mode: rebuild the collection unless it holds exactly the current files."""
        from kagent.patterns.embedding import make_embedding

        digest = self._digest()
        coll = self._client.get_or_create_collection(
            self._collection_name(), embedding_function=make_embedding(self.embedding),
            configuration={"hnsw": {"space": "cosine"}})
        meta = coll.metadata or {}
        if meta.get("digest") == digest and coll.count() == len(self._patterns):
            self._collection = coll
            return
        if meta.get("digest") is not None:
            log.info("pattern files changed; rebuilding the index")
        self._collection = coll
        self._rebuild_remote()

    # --- reading -------------------------------------------------------------------------
    def all(self) -> list[Pattern]:
        return sorted(self._patterns.values(), key=lambda p: p.id)

    def get(self, pattern_id: str) -> Pattern:
        try:
            return self._patterns[pattern_id]
        except KeyError:
            raise KeyError(f"no pattern {pattern_id!r}") from None

    def __len__(self) -> int:
        return len(self._patterns)

    def search(self, text: str, k: int = 5, backend: str | None = None) -> list[Hit]:
        if not self._patterns or not text.strip():
            return []
        where = {f"b_{backend}": True} if backend else None
        res = self._collection.query(query_texts=[text], n_results=min(k, len(self._patterns)), where=where,
                                     include=["distances"])
        hits = []
        for pid, dist in zip(res["ids"][0], res["distances"][0]):
            if pid in self._patterns:
                sim = 1.0 - float(dist)
                hits.append(Hit(pattern=self._patterns[pid], score=round(sim, 4), reason=f"similarity {sim:.3f}"))
        return hits

    def symptom_scores(self, failure_class: str | None, error_text: str, backend: str) -> list[tuple[str, float, str]]:
        out = []
        for p in self._patterns.values():
            if backend not in p.backends:
                continue
            score, why = 0.0, []
            if failure_class and failure_class in p.symptoms.failure_classes:
                # a pattern that names fewer classes is more specific to this one
                score += 1.0 + 0.5 / len(p.symptoms.failure_classes)
                why.append(f"failure class {failure_class}")
            for rx in p.symptoms.error_regexes:
                if error_text and re.search(rx, error_text, re.IGNORECASE):
                    score += 2.0
                    why.append(f"error matches /{rx}/")
            # the first line is the primary finding; later lines are weaker cases' findings
            head, _, rest = error_text.lower().partition("\n")
            for sig in p.symptoms.mismatch_signatures:
                if sig.lower() in head:
                    score += 1.0
                    why.append(f"signature '{sig}'")
                elif sig.lower() in rest:
                    score += 0.25
                    why.append(f"signature '{sig}' (secondary finding)")
            if score > 0:
                out.append((p.id, score, "; ".join(why)))
        out.sort(key=lambda t: (-t[1], t[0]))
        return out

    def detector_ranking(self, kernel_source: str, backend: str) -> list[tuple[int, str, str]]:
        """(rank, pattern id, transform) for patterns whose diagnostic transform has a site in the kernel.

        Patterns sharing a transform share its rank; cheaper transforms rank first.
        """
        if backend != "triton" or not kernel_source:
            return []
        from kagent.patterns.transforms import TRANSFORMS, applicable

        names = sorted(applicable(kernel_source), key=lambda n: (TRANSFORMS[n].cost, n))
        out = []
        for rank, name in enumerate(names):
            for p in sorted(self._patterns.values(), key=lambda p: p.id):
                if p.fix == name and backend in p.backends:
                    out.append((rank, p.id, name))
        return out

    def retrieve(self, failure_class: str | None, error_text: str, kernel_source: str,
                 backend: str = "triton", k: int = 5) -> list[Hit]:
        """Hybrid retrieval: symptom matches and embedding similarity, fused by reciprocal rank."""
        symptom = self.symptom_scores(failure_class, error_text, backend)
        query = "\n".join(x for x in (failure_class or "", error_text, _excerpt(kernel_source)) if x)
        n = sum(1 for p in self._patterns.values() if backend in p.backends)
        similar = self.search(query, k=min(max(20, k), n), backend=backend) if n else []
        fused: dict[str, float] = {}
        reasons: dict[str, list[str]] = {}
        for rank, pid, name in self.detector_ranking(kernel_source, backend):
            fused[pid] = fused.get(pid, 0.0) + DETECTOR_WEIGHT / (RRF_K + rank + 1)
            reasons.setdefault(pid, []).append(f"its fix {name} applies to the kernel")
        for rank, (pid, _score, why) in zip(_tied_ranks([t[1] for t in symptom]), symptom):
            fused[pid] = fused.get(pid, 0.0) + SYMPTOM_WEIGHT / (RRF_K + rank + 1)
            reasons.setdefault(pid, []).append(f"symptoms #{rank + 1:g}: {why}")
        for rank, hit in enumerate(similar):
            fused[hit.pattern.id] = fused.get(hit.pattern.id, 0.0) + EMBEDDING_WEIGHT / (RRF_K + rank + 1)
            reasons.setdefault(hit.pattern.id, []).append(f"embedding #{rank + 1} ({hit.reason})")
        ranked = sorted(fused.items(), key=lambda t: (-t[1], t[0]))[:k]
        return [Hit(pattern=self._patterns[pid], score=round(score, 5), reason="; ".join(reasons[pid]))
                for pid, score in ranked]

    # --- writing -------------------------------------------------------------------------
    def rebuild(self) -> None:
        """Build the index again from the pattern files (a fresh one, even when the current one is fine)."""
        self._load_files()
        if self.remote:
            self._rebuild_remote()
        else:
            self._open_local(force=True)

    def _rebuild_remote(self) -> None:
        from kagent.patterns.embedding import make_embedding

        from chromadb.errors import NotFoundError

        name = self._collection_name()
        try:
            self._client.delete_collection(name)
        except (NotFoundError, ValueError) as exc:  # nothing to delete (ValueError on older chromadb)
            log.debug("delete_collection(%s): %s", name, exc)
        coll = self._client.create_collection(
            name, embedding_function=make_embedding(self.embedding),
            configuration={"hnsw": {"space": "cosine"}}, metadata={"digest": "building"})
        patterns = self.all()
        if patterns:
            coll.add(ids=[p.id for p in patterns], documents=[p.document() for p in patterns],
                     metadatas=[self._metadata(p) for p in patterns])
        coll.modify(metadata={"digest": self._digest(), "built": time.time()})
        self._collection = coll

    @staticmethod
    def _metadata(p: Pattern) -> dict[str, Any]:
        meta: dict[str, Any] = {f"b_{b}": True for b in p.backends}
        meta.update({"title": p.title, "failure_classes": ",".join(p.symptoms.failure_classes),
                     "has_fix": p.fix is not None, "provenance": p.provenance.kind})
        return meta

    def add(self, pattern: Pattern, replace: bool = False) -> Pattern:
        """Keep `pattern` as a file in <store>/learned/ and index it."""
        self._write_learned(pattern, replace)
        self._reindex()
        return self._patterns[pattern.id]

    def _write_learned(self, pattern: Pattern, replace: bool) -> None:
        if pattern.id in self._patterns:
            if self._origin[pattern.id] == library_dir():
                raise InputError(f"pattern {pattern.id!r} is a shipped seed pattern; choose another id")
            if not replace:
                raise InputError(f"pattern {pattern.id!r} already exists (use replace=True)")
        write_text_atomic(self.path / "learned" / f"{pattern.id}.yaml", dump_pattern_yaml(pattern))

    def _reindex(self) -> None:
        """The files changed: reload them (other processes' learned patterns included) and index them."""
        self._load_files()
        if self.remote:
            self._sync()
        else:
            self._open_local()

    def add_file(self, path: Path, replace: bool = False) -> Pattern:
        return self.add(load_pattern_file(path), replace=replace)

    def _outcomes_path(self) -> Path:
        return self.path / "outcomes.json"

    def _read_outcomes(self) -> dict[str, dict[str, int]]:
        data = self._parse_outcomes()
        return {} if data is None else data

    def _parse_outcomes(self) -> dict[str, dict[str, int]] | None:
        """The counts on disk ({} when there are none); None (with a warning) when unreadable."""
        path = self._outcomes_path()
        try:
            data = json.loads(path.read_text())
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as exc:
            log.warning("outcome counts at %s are unreadable (%s); ignoring them", path, exc)
            return None
        if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
            log.warning("outcome counts at %s are not a JSON object of {pattern id: counts}; ignoring them", path)
            return None
        return data

    def record_outcome(self, pattern_id: str, success: bool) -> Outcomes:
        """Count one use of a pattern; read-modify-written under `<store>/.outcomes.lock` and
        replaced atomically, so concurrent processes lose no update. An unreadable file is kept
        aside (outcomes.unreadable-*.json), never silently overwritten."""
        pattern = self.get(pattern_id)
        path = self._outcomes_path()
        key = "successes" if success else "failures"
        with _flock(self.path / ".outcomes.lock"):
            data = self._parse_outcomes()
            if data is None:
                aside = path.with_name(f"outcomes.unreadable-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.json")
                os.replace(path, aside)
                log.warning("kept the unreadable outcome counts as %s; counting again from zero", aside)
                data = {}
            entry = data.setdefault(pattern_id, {"successes": 0, "failures": 0})
            entry[key] = int(entry.get(key, 0)) + 1
            write_text_atomic(path, json.dumps(data, indent=1, sort_keys=True))
        o = pattern.outcomes
        new = Outcomes(successes=o.successes + (1 if success else 0), failures=o.failures + (0 if success else 1))
        self._patterns[pattern_id] = pattern.model_copy(update={"outcomes": new})
        return new

    def learn(self, failure_class: str, error_text: str, before_source: str, after_source: str,
              explanation: str, run_id: str, verified: bool) -> LearnResult:
        """Distil a verified repair into a pattern. Unverified attempts are never stored."""
        if not verified:
            return LearnResult(status="refused", reason="the repair did not pass verification; "
                               "a pattern is only learned from a verified fix")
        removed, added = _changed_lines(before_source, after_source)
        if not removed and not added:
            return LearnResult(status="refused", reason="before and after are identical: nothing to learn")
        from kagent.patterns.embedding import hashed_embed
        import hashlib

        diff_text = "\n".join(["-" + line.strip() for line in removed] + ["+" + line.strip() for line in added])
        key = hashlib.blake2b(f"{failure_class}\n{diff_text}".encode(), digest_size=5).hexdigest()
        pid = f"learned-{failure_class.replace('_', '-')}-{key}"
        if pid in self._patterns:
            self.record_outcome(pid, True)
            return LearnResult(status="duplicate", pattern_id=pid, reason="the same fix was learned before")
        vec = hashed_embed([diff_text])[0]
        for p in self._patterns.values():
            if p.provenance.kind != "learned" or failure_class not in p.symptoms.failure_classes:
                continue
            other = "\n".join(["-" + line.strip() for line in p.example_before.splitlines()]
                              + ["+" + line.strip() for line in p.example_after.splitlines()])
            sim = float(vec @ hashed_embed([other])[0])
            if sim >= DEDUP_SIMILARITY:
                self.record_outcome(p.id, True)
                return LearnResult(status="duplicate", pattern_id=p.id,
                                   reason=f"near-identical to learned pattern {p.id} (similarity {sim:.2f})")
        first_error = next((ln.strip() for ln in error_text.splitlines() if ln.strip()), "")
        regexes = [re.escape(first_error[:80])] if first_error else []
        summary = (added or removed)[0].strip()[:60]
        pattern = Pattern(
            id=pid,
            title=f"Learned fix for {failure_class}: {summary}",
            backends=[_backend_of(after_source)],  # type: ignore[list-item]
            symptoms=Symptoms(failure_classes=[failure_class], error_regexes=regexes),  # type: ignore[list-item]
            explanation="\n\n".join(x for x in (explanation.strip(),
                                                  f"Learned from a verified repair of a {failure_class} failure "
                                                  f"in run {run_id}.") if x),
            example_before="\n".join(removed),
            example_after="\n".join(added),
            fix=None,
            provenance=Provenance(kind="learned", source="kagent repair (verified)", run=run_id),
            outcomes=Outcomes(successes=1, failures=0),
        )
        self.add(pattern)
        return LearnResult(status="stored", pattern_id=pid, reason="learned from a verified repair")

    def export(self, path: Path, only: Literal["all", "learned"] = "all") -> int:
        """Write patterns (with current outcome counts) as YAML files into directory `path`."""
        path = Path(path)
        path.mkdir(parents=True, exist_ok=True)
        count = 0
        for p in self.all():
            if only == "learned" and self._origin[p.id] == library_dir():
                continue
            write_text_atomic(path / f"{p.id}.yaml", dump_pattern_yaml(p))
            count += 1
        return count

    def import_(self, path: Path, replace: bool = False) -> list[str]:
        """Add the patterns of a file or a directory; seed patterns are skipped, not overwritten."""
        path = Path(path)
        if path.is_dir():
            patterns = load_directory(path)
        elif path.is_file():
            patterns = [load_pattern_file(path)]
        else:
            raise InputError(f"{path}: no such file or directory")
        added = []
        for p in patterns:
            if p.id in self._patterns and self._origin[p.id] == library_dir():
                log.info("skipping %s: it is a shipped seed pattern", p.id)
                continue
            if p.id in self._patterns and not replace and self._patterns[p.id] == p:
                continue
            self._write_learned(p, replace)
            added.append(p.id)
        if added:
            self._reindex()
        return added

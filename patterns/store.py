"""The pattern store: the library files, indexed in Chroma for retrieval, plus learned patterns.

The Chroma collection is a cache. The truth is files: the seed library shipped in
kagent/patterns/library/, and patterns added or learned later, kept in `<store>/learned/*.yaml`.
The collection records a digest of those files (and of the embedding); when it differs, or the
store is missing or unreadable, the index is rebuilt from the files (with a warning when it was
broken). Outcome counts live in `<store>/outcomes.json` so the shipped library stays read-only.

Layer 3 (patterns/): imports kagent.config, kagent.errors and the other patterns modules.
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import sqlite3
import time
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


class PatternStore:
    """Open with `PatternStore.open(...)`; the constructor is internal."""

    def __init__(self, path: Path, client: Any, embedding: str, remote: bool) -> None:
        self.path = path
        self.embedding = embedding
        self.remote = remote
        self._client = client
        self._collection: Any = None
        self._patterns: dict[str, Pattern] = {}
        self._origin: dict[str, Path] = {}

    # --- opening -------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path | None = None, chroma_url: str | None = None,
             embedding: str = "hashed") -> "PatternStore":
        from kagent.patterns.embedding import EMBEDDINGS

        if embedding not in EMBEDDINGS:
            raise InputError(f"unknown embedding {embedding!r}; choose one of {sorted(EMBEDDINGS)}")
        path = Path(path) if path is not None else default_store_dir()
        path.mkdir(parents=True, exist_ok=True)
        (path / "learned").mkdir(exist_ok=True)
        if chroma_url:
            store = cls(path, cls._http_client(chroma_url), embedding, remote=True)
        else:
            store = cls(path, None, embedding, remote=False)  # the client is made in _sync
        store._load_files()
        store._sync()
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

    def _persistent_client(self) -> Any:
        import chromadb

        return chromadb.PersistentClient(path=str(self.path / "chroma"), settings=self._settings())

    def _reset_local(self, why: str) -> None:
        from chromadb.api.client import SharedSystemClient

        log.warning("pattern store at %s is unusable (%s); rebuilding it from the pattern files",
                    self.path, why)
        SharedSystemClient.clear_system_cache()
        shutil.rmtree(self.path / "chroma", ignore_errors=True)
        self._client = None
        self._collection = None

    def _load_files(self) -> None:
        self._patterns.clear()
        self._origin.clear()
        for directory in (library_dir(), self.path / "learned"):
            for pattern in load_directory(directory):
                if pattern.id in self._patterns:
                    raise PatternFileError(f"pattern id {pattern.id!r} in {directory} is also in "
                                           f"{self._origin[pattern.id].parent}")
                self._patterns[pattern.id] = pattern
                self._origin[pattern.id] = directory
        outcomes = self._read_outcomes()
        for pid, counts in outcomes.items():
            if pid in self._patterns:
                base = self._patterns[pid].outcomes
                self._patterns[pid] = self._patterns[pid].model_copy(update={"outcomes": Outcomes(
                    successes=base.successes + counts.get("successes", 0),
                    failures=base.failures + counts.get("failures", 0))})

    def _digest(self) -> str:
        files = pattern_files(library_dir()) + pattern_files(self.path / "learned")
        return f"{self.embedding}:{files_digest(files)}"

    def _collection_name(self) -> str:
        return f"{COLLECTION}_{self.embedding}"

    def _sync(self) -> None:
        """Rebuild the index unless it holds exactly the current files."""
        from kagent.patterns.embedding import make_embedding

        digest = self._digest()
        errors: tuple[type[BaseException], ...] = (sqlite3.DatabaseError, ValueError, KeyError, OSError)
        try:
            from chromadb.errors import ChromaError

            errors = errors + (ChromaError,)
        except ImportError:
            log.debug("chromadb.errors.ChromaError not available")
        for attempt in range(2):
            try:
                if self._client is None:
                    self._client = self._persistent_client()
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
                self.rebuild()
                return
            except errors as exc:
                if self.remote or attempt == 1:
                    raise
                self._reset_local(f"{type(exc).__name__}: {exc}")

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
        if pattern.id in self._patterns:
            if self._origin[pattern.id] == library_dir():
                raise InputError(f"pattern {pattern.id!r} is a shipped seed pattern; choose another id")
            if not replace:
                raise InputError(f"pattern {pattern.id!r} already exists (use replace=True)")
        target = self.path / "learned" / f"{pattern.id}.yaml"
        target.write_text(dump_pattern_yaml(pattern), encoding="utf-8")
        self._patterns[pattern.id] = pattern
        self._origin[pattern.id] = self.path / "learned"
        self._collection.upsert(ids=[pattern.id], documents=[pattern.document()],
                                metadatas=[self._metadata(pattern)])
        self._collection.modify(metadata={"digest": self._digest(), "built": time.time()})
        return pattern

    def add_file(self, path: Path, replace: bool = False) -> Pattern:
        return self.add(load_pattern_file(path), replace=replace)

    def _outcomes_path(self) -> Path:
        return self.path / "outcomes.json"

    def _read_outcomes(self) -> dict[str, dict[str, int]]:
        path = self._outcomes_path()
        if not path.exists():
            return {}
        try:
            data = json.loads(path.read_text())
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            return data
        except (ValueError, OSError) as exc:
            log.warning("outcome counts at %s are unreadable (%s); starting them again", path, exc)
            return {}

    def record_outcome(self, pattern_id: str, success: bool) -> Outcomes:
        pattern = self.get(pattern_id)
        data = self._read_outcomes()
        entry = data.setdefault(pattern_id, {"successes": 0, "failures": 0})
        entry["successes" if success else "failures"] += 1
        tmp = self._outcomes_path().with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True))
        tmp.replace(self._outcomes_path())
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
            (path / f"{p.id}.yaml").write_text(dump_pattern_yaml(p), encoding="utf-8")
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
            self.add(p, replace=replace)
            added.append(p.id)
        return added

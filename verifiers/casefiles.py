"""Where a reference case lives on disk, split by who may read it, and the digests that guard it.

A cache entry `<cache>/reference/<key>/` holds what the candidate's worker needs (`<case>.pt`:
inputs, init args, weights) and `complete.json` (the reference worker's events and a sha256 of every
file of the entry). The reference's outputs, float64 truth and conditioning live apart, in
`<cache>/expected/<key>/<case>.pt`, a tree the candidate's sandbox never binds and that only the
parent reads. The reference worker writes both into its scratch folder (`<case>.pt` and
`expected/<case>.pt`); `commit` moves them into the cache.

Before each use the parent checks the digests (`tampered`): an entry changed by anyone after it was
made is reported and rebuilt, never trusted. Entries are pruned least recently used first (an
entry's expected outputs go with it).
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from kagent.log import get_logger

EXPECTED = "expected"
COMPLETE = "complete.json"  # written last: an entry without it is being filled (or was abandoned)
_STALE_FILLING_S = 6 * 3600.0

log = get_logger("verifiers.casefiles")


def inputs_path(case_dir: Path, case: str) -> Path:
    return Path(case_dir) / f"{case}.pt"


def staged_expected_path(out_dir: Path, case: str) -> Path:
    """Where the reference worker writes a case's expected outputs (inside its scratch folder)."""
    return Path(out_dir) / EXPECTED / f"{case}.pt"


def expected_root(case_dir: Path) -> Path:
    """The tree holding every entry's expected outputs (a sibling of the reference tree)."""
    return Path(case_dir).parent.parent / EXPECTED


def expected_dir(case_dir: Path) -> Path:
    return expected_root(case_dir) / Path(case_dir).name


def expected_path(case_dir: Path, case: str) -> Path:
    return expected_dir(case_dir) / f"{case}.pt"


def load_expected(case_dir: Path, case: str) -> dict[str, Any]:
    """The reference's results for one case (parent side only). Where the float64 truth was computed
    on a sample of batch rows (large outputs), it is expanded here to the full output: the sampled
    rows hold the truth and their conditioning; every other row holds the float32 reference, with
    an error estimate of the largest error the reference shows at that position over the sampled
    rows (so the oracle's tolerance there is derived from measured error, not assumed)."""
    import torch

    data = torch.load(expected_path(case_dir, case), weights_only=False)
    rows = data.get("rows")
    if rows is None:
        return data
    sens_in = data.get("sens") or [None] * len(data["out"])
    out64, sens = [], []
    for o, o64, s in zip(data["out"], data["out64"], sens_in):
        if not o.dtype.is_floating_point:
            out64.append(o)
            sens.append(None)
            continue
        truth = o.double().clone()
        truth[rows] = o64.double()
        err = (o[rows].double() - o64.double()).abs().nan_to_num(nan=0.0, posinf=0.0)
        if s is not None:
            err = torch.maximum(err, s.double().nan_to_num(nan=0.0, posinf=0.0))
        estimate = err.amax(dim=0, keepdim=True).expand_as(truth).clone()
        if s is not None:
            estimate[rows] = s.double()
        out64.append(truth)
        sens.append(estimate)
    return {**data, "out64": out64, "sens": sens, "sampled_rows": rows}


# --- the reference cache: entries, their size, least-recently-used pruning ------------------------


class CacheEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    key: str
    bytes: int
    last_used: float = Field(description="seconds since the epoch (the entry's complete.json mtime, touched on use)")
    complete: bool


class CacheInfo(BaseModel):
    model_config = ConfigDict(extra="forbid")

    root: str
    limit_bytes: int
    reference_bytes: int
    entries: list[CacheEntry] = Field(default_factory=list, description="reference cache entries, most recent first")
    other_bytes: dict[str, int] = Field(default_factory=dict, description="kagent's other caches (Triton, extensions)")
    removed: int = Field(0, description="entries removed by this call (prune or clear)")


def _tree_bytes(path: Path) -> int:
    total = 0
    for dirpath, _, names in os.walk(path):
        for n in names:
            try:
                total += os.lstat(os.path.join(dirpath, n)).st_size
            except OSError:  # removed meanwhile by another process
                continue
    return total


def touch(case_dir: Path) -> None:
    """Mark a cache entry as just used (LRU order; atime is not reliable on most mounts)."""
    try:
        os.utime(Path(case_dir) / COMPLETE)
    except OSError as exc:
        log.debug("could not touch %s: %s", case_dir, exc)


def entries(reference_root: Path) -> list[CacheEntry]:
    out = []
    if not reference_root.is_dir():
        return out
    for d in reference_root.iterdir():
        if not d.is_dir():
            continue
        done = d / COMPLETE
        try:
            used = (done if done.exists() else d).stat().st_mtime
        except OSError:
            continue
        out.append(CacheEntry(key=d.name, bytes=_tree_bytes(d) + _tree_bytes(expected_dir(d)), last_used=used,
                              complete=done.exists()))
    return sorted(out, key=lambda e: -e.last_used)


def prune(reference_root: Path, limit_bytes: int, keep: Path | None = None, in_use_s: float = 900.0) -> int:
    """Remove the least recently used entries until the cache holds at most `limit_bytes` (never
    `keep`, the entry the caller is using, nor an entry a verify is `reading`; entries used in the
    last `in_use_s` seconds only when nothing older is left; unfinished entries only once stale).
    Returns how many were removed."""
    now = time.time()
    listed = entries(reference_root)
    total = sum(e.bytes for e in listed)
    removed = 0
    keep_name = Path(keep).name if keep else None
    for e in listed:  # abandoned half-filled entries (a killed worker) go whatever the size
        if not e.complete and now - e.last_used > _STALE_FILLING_S and _remove_unless_in_use(reference_root / e.key):
            total -= e.bytes
            removed += 1
    candidates = [e for e in reversed(listed) if e.complete and e.key != keep_name]
    old = [e for e in candidates if now - e.last_used > in_use_s]
    recent = [e for e in candidates if now - e.last_used <= in_use_s]
    for e in [*old, *recent]:
        if total <= limit_bytes:
            break
        if _remove_unless_in_use(reference_root / e.key):
            total -= e.bytes
            removed += 1
    if removed:
        log.info("reference cache: removed %d entries, %.1f MB left (limit %.1f MB)", removed, total / 2**20,
                 limit_bytes / 2**20)
    return removed


def info(cache_root: Path, limit_bytes: int, removed: int = 0) -> CacheInfo:
    ref = cache_root / "reference"
    listed = entries(ref)
    other = {d.name: _tree_bytes(d) for d in sorted(cache_root.iterdir()) if d.is_dir() and d.name not in ("reference", EXPECTED)} \
        if cache_root.is_dir() else {}
    return CacheInfo(root=str(cache_root), limit_bytes=limit_bytes, reference_bytes=sum(e.bytes for e in listed),
                     entries=listed, other_bytes=other, removed=removed)


def clear(cache_root: Path, everything: bool = False) -> int:
    """Remove every complete reference entry (and, with `everything`, kagent's other caches)."""
    ref = cache_root / "reference"
    removed = 0
    for e in entries(ref):
        if e.complete or everything:
            remove(ref / e.key)
            removed += 1
    if everything and cache_root.is_dir():
        for d in cache_root.iterdir():
            if d.is_dir() and d.name not in ("reference", EXPECTED):
                shutil.rmtree(d, ignore_errors=True)
    return removed


def _digest(path: Path) -> str:
    with open(path, "rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def _files(case_dir: Path) -> dict[str, Path]:
    out = {f"inputs/{p.name}": p for p in Path(case_dir).glob("*.pt")}
    out.update({f"{EXPECTED}/{p.name}": p for p in expected_dir(case_dir).glob("*.pt")})
    return out


def read_complete(case_dir: Path) -> dict[str, Any]:
    return json.loads((Path(case_dir) / COMPLETE).read_text())


def tampered(case_dir: Path) -> list[str]:
    """Files of a cache entry that differ from their recorded digest, are missing or were added
    (empty: intact)."""
    try:
        recorded: dict[str, str] = read_complete(case_dir)["digests"]
    except (OSError, ValueError, KeyError, TypeError):
        return [COMPLETE]
    now = _files(case_dir)
    bad = sorted(set(now) - set(recorded))
    for name, digest in recorded.items():
        path = now.get(name)
        try:
            if path is None or _digest(path) != digest:
                bad.append(name)
        except OSError:
            bad.append(name)
    return bad


@contextlib.contextmanager
def entry_lock(case_dir: Path) -> Iterator[None]:
    """Held while an entry is checked, removed or committed: a commit moves two folders into place,
    and a process that looked in between saw a half-made entry and removed it (with the expected
    outputs another verify was about to read). Only kagent's processes see the cache."""
    case_dir = Path(case_dir)
    case_dir.parent.mkdir(parents=True, exist_ok=True)
    with open(case_dir.parent / f".{case_dir.name}.lock", "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _use_lock(case_dir: Path) -> Path:
    return Path(case_dir).parent / f".{Path(case_dir).name}.use"


@contextlib.contextmanager
def reading(case_dir: Path) -> Iterator[None]:
    """Held while a verify (or a repair's screen) reads an entry: prune, in any process, passes over
    it. Taken before the entry exists, so no prune slips in between its commit and its use."""
    Path(case_dir).parent.mkdir(parents=True, exist_ok=True)
    with open(_use_lock(case_dir), "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_SH)
        yield


def _remove_unless_in_use(case_dir: Path) -> bool:
    """Remove an entry nobody reads (prune's way); False when some verify is reading it."""
    with open(_use_lock(case_dir), "a+") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        with entry_lock(case_dir):
            remove(case_dir)
        return True


def remove(case_dir: Path) -> None:
    shutil.rmtree(expected_dir(case_dir), ignore_errors=True)
    shutil.rmtree(case_dir, ignore_errors=True)


def commit(staged: Path, case_dir: Path, events: list[dict]) -> None:
    """Move a finished reference job's files from its scratch folder into the cache entry, with the
    digests of every file. Another process filling the same entry first wins."""
    case_dir, exp = Path(case_dir), expected_dir(case_dir)
    case_dir.parent.mkdir(parents=True, exist_ok=True)
    exp.parent.mkdir(parents=True, exist_ok=True)
    stage_in = Path(tempfile.mkdtemp(prefix=".stage-", dir=case_dir.parent))
    stage_exp = Path(tempfile.mkdtemp(prefix=".stage-", dir=exp.parent))
    try:
        digests = {}
        for src in sorted(Path(staged).glob("*.pt")):
            shutil.move(str(src), stage_in / src.name)
            digests[f"inputs/{src.name}"] = _digest(stage_in / src.name)
        for src in sorted((Path(staged) / EXPECTED).glob("*.pt")):
            shutil.move(str(src), stage_exp / src.name)
            digests[f"{EXPECTED}/{src.name}"] = _digest(stage_exp / src.name)
        (stage_in / COMPLETE).write_text(json.dumps({"events": events, "digests": digests}))
        with entry_lock(case_dir):
            if (case_dir / COMPLETE).is_file() and exp.is_dir() and not tampered(case_dir):
                # another process filled the same entry first (its key is its content): its files
                # stay, and a worker of that process may be reading them right now
                return
            if case_dir.exists() or exp.exists():  # a stale, half-made or changed entry: made again now
                remove(case_dir)
            stage_exp.rename(exp)
            stage_in.rename(case_dir)
    finally:
        shutil.rmtree(stage_in, ignore_errors=True)
        shutil.rmtree(stage_exp, ignore_errors=True)


# the problem's own inputs: where each output's scale is read for the size cases (oracle.compare's floor_scale)
SCALE_CASE = "seed0"


def floored(case: str) -> bool:
    """A size case with the problem's own value distribution: its outputs may collapse (all sizes 1)
    and are judged in ulps of the problem's own scale too. Not a value case (small values are what
    shape_odd_small and stress_scale_small test)."""
    return case.startswith("shape_") and "small" not in case


@functools.lru_cache(maxsize=64)
def _floors_at(path: str, mtime: float) -> tuple[float, ...]:
    import torch

    data = torch.load(path, weights_only=False)
    out = []
    for o64 in data.get("out64") or []:
        ok = isinstance(o64, torch.Tensor) and o64.dtype.is_floating_point
        t = o64.double()[torch.isfinite(o64)] if ok else None
        out.append(float(t.pow(2).mean().sqrt()) if t is not None and t.numel() else 0.0)
    return tuple(out)


def scale_floors(case_dir: Path) -> list[float] | None:
    """The RMS of each output's float64 truth in the SCALE_CASE case (None where it is not there)."""
    path = expected_path(case_dir, SCALE_CASE)
    try:
        return list(_floors_at(str(path), path.stat().st_mtime))
    except (OSError, RuntimeError, KeyError):
        return None


"""Where a reference case lives on disk, split by who may read it, and the digests that guard it.

A cache entry `<cache>/reference/<key>/` holds what the candidate's worker needs (`<case>.pt`:
inputs, init args, weights) and `complete.json` (the reference worker's events and a sha256 of every
file of the entry). The reference's outputs, float64 truth and conditioning live apart, in
`<cache>/expected/<key>/<case>.pt`, a tree the candidate's sandbox never binds and that only the
parent reads. The reference worker writes both into its scratch folder (`<case>.pt` and
`expected/<case>.pt`); `commit` moves them into the cache.

Before each use the parent checks the digests (`tampered`): an entry changed by anyone after it was
made is reported and rebuilt, never trusted.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

EXPECTED = "expected"
COMPLETE = "complete.json"


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
    """The reference's results for one case (parent side only)."""
    import torch

    return torch.load(expected_path(case_dir, case), weights_only=False)


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
        if case_dir.exists() or exp.exists():  # a stale or half-made entry: made again now
            remove(case_dir)
        try:
            stage_exp.rename(exp)
            stage_in.rename(case_dir)
        except OSError:  # another process filled the same entry first
            return
    finally:
        shutil.rmtree(stage_in, ignore_errors=True)
        shutil.rmtree(stage_exp, ignore_errors=True)

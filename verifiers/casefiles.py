"""Where a reference case lives on disk, split by who may read it.

`<case_dir>/<case>.pt` holds what the candidate's worker needs (inputs, init args, weights);
`<case_dir>/expected/<case>.pt` holds the reference's outputs, float64 truth and conditioning, read
only by the parent that judges. The candidate's process never loads the expected outputs, and its
worker flags any attempt of the candidate to open them (harness.guard_expected_outputs).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

EXPECTED = "expected"


def inputs_path(case_dir: Path, case: str) -> Path:
    return Path(case_dir) / f"{case}.pt"


def expected_path(case_dir: Path, case: str) -> Path:
    return Path(case_dir) / EXPECTED / f"{case}.pt"


def load_expected(case_dir: Path, case: str) -> dict[str, Any]:
    """The reference's results for one case (parent side only)."""
    import torch

    return torch.load(expected_path(case_dir, case), weights_only=False)

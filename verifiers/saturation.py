"""The unsaturated case: the seeded inputs, with each input the reference ignores there moved until it
no longer does.

A problem's get_inputs may keep part of the reference saturated. KTO's batch KL (a mean of
differences that the inputs always make negative) is clamped at 0, so on every seeded case the
result does not depend on the KL inputs at all: a candidate that drops one of them, or reads one
input twice, equals the reference on the whole suite. Here the reference job finds such inputs (a
nudge of a tenth of its spread, and one of a thousandth, leave every output bit as it was) and moves each one, alone and
in turn (shifted by half a standard deviation to four either way, negated, scaled), until a nudge shows in
the result again. The moved inputs are a case like any other: a candidate cannot tell it apart.

An input the reference reads only through its shape, or through a decision no move of that input
changes (an argmax, a mask `x > 0` past its spread), stays as it is; when no input needs moving,
there is no case.
"""

from __future__ import annotations

import time
from typing import Any, Callable

Forward = Callable[[list], list]
Same = Callable[[list, list], bool]  # every output bit equal (NaN equal to NaN)

_NUDGE = 1e-3
_LARGE_NUDGE = 0.1
_MAX_FORWARDS = 48
_MAX_SECONDS = 20.0
_SLOW_FORWARD_S = 2.0  # a reference this slow is not probed (a dozen forwards would double its cases' cost)


def _moves(t) -> list[tuple[str, Any]]:
    """Smallest first: a move past the saturated region into the next one (a sigmoid's far tail)
    frees nothing."""
    s = float(t.float().std()) if t.numel() > 1 else 0.0
    s = s if s > 0 else max(float(t.float().abs().mean()), 1e-3)
    shifts = [(f"shifted by {sign}{k:g} std", t + (k * s if sign == "+" else -k * s))
              for k in (0.5, 1, 2, 4) for sign in "+-"]
    return shifts + [("negated", -t), ("scaled by 10", t * 10), ("scaled by 0.1", t * 0.1)]


def _nudged(t, size: float = _NUDGE):
    import torch

    g = torch.Generator().manual_seed(0)
    noise = torch.randn(t.shape, generator=g, dtype=torch.float64).to(t.device)
    scale = max(float(t.float().std()) if t.numel() > 1 else 0.0, 1e-6)
    return (t.double() + size * (t.double().abs() + scale) * noise).to(t.dtype)


_FAILED: list = []


class _Budget:
    def __init__(self, forward: Forward) -> None:
        self.forward, self.calls, self.start = forward, 0, time.monotonic()

    def __call__(self, inputs: list) -> list | None:
        if self.calls >= _MAX_FORWARDS or time.monotonic() - self.start > _MAX_SECONDS:
            return None
        self.calls += 1
        try:
            return self.forward(inputs)
        except Exception:  # inputs outside the reference's domain (a negative variance): unlike any result
            return _FAILED


def _ignored(run: _Budget, same: Same, inputs: list, base: list, i: int) -> bool | None:
    """Whether nudges of input i, of a thousandth and of a tenth of its spread, leave every output bit
    as it was (None: out of budget). The large one keeps out inputs read through a discrete decision
    (an argmin, a radius test), which small nudges leave alone too: moved, they would only make ties."""
    for size in (_NUDGE, _LARGE_NUDGE):  # the small one first: most inputs show there, and it stays in any domain
        nudged = run(inputs[:i] + [_nudged(inputs[i], size)] + inputs[i + 1:])
        if nudged is None:
            return None
        if not same(nudged, base):
            return False
    return True


def _read(run: _Budget, same: Same, inputs: list, base: list, i: int) -> bool | None:
    """Whether a small nudge of input i shows in the result (None: out of budget)."""
    nudged = run(inputs[:i] + [_nudged(inputs[i])] + inputs[i + 1:])
    return None if nudged is None else not same(nudged, base)


def unsaturate(forward: Forward, inputs: list, movable: Callable[[Any], bool],
               same: Same) -> tuple[list, list[dict]] | None:
    """The inputs with every ignored `movable` input moved where the reference reads it, and what was
    moved ([{"input": i, "move": "..."}]); None where no input is ignored, or none could be freed.
    `forward` runs the reference on a list of inputs and returns its output tensors; `same` compares two
    such lists bit for bit."""
    run = _Budget(forward)
    base = run(inputs)
    if base is None or base is _FAILED or not base or time.monotonic() - run.start > _SLOW_FORWARD_S:
        return None
    inputs, moved = list(inputs), []
    for i, t in enumerate(inputs):
        if not movable(t) or not _ignored(run, same, inputs, base, i):
            continue
        for how, value in _moves(t):
            trial = inputs[:i] + [value] + inputs[i + 1:]
            out = run(trial)
            if out is None:
                break
            if out is _FAILED:
                continue
            freed = _read(run, same, trial, out, i)
            if freed is None:
                break
            if freed:
                inputs, base = trial, out
                moved.append({"input": i, "move": how})
                break
    return (inputs, moved) if moved else None

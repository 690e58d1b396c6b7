"""What the environment-perturbed run changes besides the process it runs in (verifiers/verify.py's
_Perturbed), drawn from one seed nobody can know in advance (the fresh case's seed: os.urandom
on every run, reported, replayed with VerifyConfig.fresh_case_seed, pinned by KAGENT_FRESH_SEED):

- earlier calls: before its first case the worker calls the forward a number of times drawn here
  (WARM_CALLS), so the checked call lands at an index the candidate cannot predict (a kernel right
  for its first N calls only). The first of them runs for real (lazy initialisation sees real
  results); the others run the candidate's Python with its Triton launches skipped, so they cost
  Python time only;
- the wall clock: time.time / time_ns / localtime / gmtime / ctime / asctime / strftime defaults,
  clock_gettime(CLOCK_REALTIME), and datetime's now / utcnow / today are moved forward by 1 to 5
  years before the candidate is imported (a date bomb goes off). Monotonic, perf and process clocks
  are left alone. A candidate that reads the clock through ctypes, a syscall, a child process or a
  file's timestamp sees the real time: there is no time namespace for CLOCK_REALTIME;
- the constructor's float arguments (`init_factors`): each Python float get_init_inputs passes is
  multiplied by a factor away from 1 (0.5-0.77 or 1.3-2), for the reference and the candidate
  alike (a constant the problem passes in, hard-coded in the kernel, shows); a value in (0, 1) that
  would reach 1 has its distance to 1 divided instead (a probability stays one); a second case uses the
  reciprocal factors, so every argument moves up once and down once (`init_factor_sets`: a kernel
  right only while an argument's range covers the inputs shows where that range shrinks). Ints and
  bools are sizes and structural flags: never changed;
- non-contiguous inputs: the first case's floating inputs of rank >= 2 handed over as a column
  slice of a twice-as-wide buffer whose other half is NaN (same values, row strides doubled).

Planning is pure (no torch); the worker-side helpers import torch where they run.
"""

from __future__ import annotations

import hashlib
import math
import random
from typing import Any

WARM_CALLS = (300, 1200)  # earlier calls before the checked one: drawn in this range
WARM_LIMIT_S = 5.0  # a forward whose Python alone is slow stops its earlier calls here (reported)
CLOCK_DAYS = (365, 5 * 365)  # the clock moved forward by this many days (drawn)
INIT_FACTORS = 16  # factors for the first 16 constructor arguments (floats only are changed)
_FACTOR_RANGE = (math.log(1.3), math.log(2.0))
NO_FLOAT_INIT = "get_init_inputs passes no float argument to vary"


def plan(seed: int) -> dict[str, Any]:
    """The perturbed run's draws for this seed: earlier calls, clock offset, constructor factors."""
    rng = random.Random(int.from_bytes(hashlib.sha256(f"kagent-perturb|{seed}".encode()).digest()[:8], "little"))
    calls = rng.randint(*WARM_CALLS)
    days = rng.uniform(*CLOCK_DAYS)
    factors = [round(math.exp(rng.choice((-1, 1)) * rng.uniform(*_FACTOR_RANGE)), 6) for _ in range(INIT_FACTORS)]
    return {"seed": seed, "warm_calls": calls, "clock_offset_s": round(days * 86400.0, 3), "init_factors": factors}


def init_factor_sets(factors: list[float]) -> list[list[float]]:
    """The two init cases' factors: the drawn ones and their reciprocals."""
    return [list(factors), [round(1.0 / f, 6) for f in factors]]


def is_float_arg(x: Any) -> bool:
    return isinstance(x, float) and not isinstance(x, bool) and math.isfinite(x)


def _scaled(x: float, factor: float) -> float:
    """`x * factor`, except that a value in (0, 1) that would reach 1 stays below it: its distance to 1
    is divided by the factor instead. Such a value is often a probability, a momentum or an expectile
    (an honest `where(u < 0, 1 - tau, tau)` is wrong only outside [0, 1], where no user calls it); any
    other value still shows a constant hard-coded in the kernel."""
    if 0.0 < x < 1.0 and x * factor >= 1.0:
        return 1.0 - (1.0 - x) / factor
    return x * factor


def vary_init(init: list, factors: list[float]) -> tuple[list, list[int]]:
    """The constructor arguments with each Python float scaled by its factor; the positions changed."""
    out, changed = [], []
    for i, x in enumerate(init):
        if i < len(factors) and is_float_arg(x) and x != 0.0:
            out.append(_scaled(x, factors[i]))
            changed.append(i)
        else:
            out.append(x)
    return out, changed


# --- the worker's side --------------------------------------------------------------------------


def shift_clock(offset_s: float) -> None:
    """Move this process's wall clock `offset_s` seconds ahead, as Python code reads it (call before
    the candidate is imported; `from time import time` then binds the shifted function)."""
    import datetime as dt
    import time

    real_time, real_time_ns = time.time, time.time_ns
    real_localtime, real_gmtime, real_ctime = time.localtime, time.gmtime, time.ctime
    real_asctime, real_strftime, real_clock_gettime = time.asctime, time.strftime, time.clock_gettime
    real_clock_gettime_ns = time.clock_gettime_ns
    offset_ns = int(offset_s * 1e9)
    realtime = {getattr(time, n) for n in ("CLOCK_REALTIME", "CLOCK_REALTIME_COARSE", "CLOCK_TAI") if hasattr(time, n)}

    def shifted_time() -> float:
        return real_time() + offset_s

    def shifted_time_ns() -> int:
        return real_time_ns() + offset_ns

    def shifted_localtime(secs: float | None = None) -> time.struct_time:
        return real_localtime(shifted_time() if secs is None else secs)

    def shifted_gmtime(secs: float | None = None) -> time.struct_time:
        return real_gmtime(shifted_time() if secs is None else secs)

    def shifted_ctime(secs: float | None = None) -> str:
        return real_ctime(shifted_time() if secs is None else secs)

    def shifted_asctime(t: Any = None) -> str:
        return real_asctime(shifted_localtime() if t is None else t)

    def shifted_strftime(fmt: str, t: Any = None) -> str:
        return real_strftime(fmt, shifted_localtime() if t is None else t)

    def shifted_clock_gettime(clk: int) -> float:
        return real_clock_gettime(clk) + (offset_s if clk in realtime else 0.0)

    def shifted_clock_gettime_ns(clk: int) -> int:
        return real_clock_gettime_ns(clk) + (offset_ns if clk in realtime else 0)

    for name, fn in (("time", shifted_time), ("time_ns", shifted_time_ns), ("localtime", shifted_localtime),
                     ("gmtime", shifted_gmtime), ("ctime", shifted_ctime), ("asctime", shifted_asctime),
                     ("strftime", shifted_strftime), ("clock_gettime", shifted_clock_gettime),
                     ("clock_gettime_ns", shifted_clock_gettime_ns)):
        fn.__name__ = fn.__qualname__ = name
        setattr(time, name, fn)

    real_date, real_datetime = dt.date, dt.datetime

    class date(real_date):  # noqa: N801  (stands in for datetime.date)
        @classmethod
        def today(cls):  # type: ignore[override]
            return cls.fromtimestamp(shifted_time())

    class datetime(real_datetime):  # noqa: N801  (stands in for datetime.datetime)
        @classmethod
        def now(cls, tz=None):  # type: ignore[override]
            return cls.fromtimestamp(shifted_time(), tz)

        @classmethod
        def utcnow(cls):  # type: ignore[override]
            return cls.fromtimestamp(shifted_time(), dt.timezone.utc).replace(tzinfo=None)

        @classmethod
        def today(cls):  # type: ignore[override]
            return cls.fromtimestamp(shifted_time())

    for cls in (date, datetime):
        cls.__module__ = "datetime"
    dt.date, dt.datetime = date, datetime  # type: ignore[misc]


def noncontiguous(inputs: list) -> tuple[list, list[int]]:
    """The inputs with every floating tensor of rank >= 2 replaced by a column slice of a buffer twice
    as wide (the other half NaN): the same values and shape, the leading strides doubled. Returns the
    new list and the positions changed."""
    import torch

    out, changed = [], []
    for i, x in enumerate(inputs):
        if isinstance(x, torch.Tensor) and x.is_floating_point() and x.dim() >= 2 and x.shape[-1] > 0:
            wide = torch.full((*x.shape[:-1], 2 * x.shape[-1]), float("nan"), dtype=x.dtype, device=x.device)
            view = wide[..., : x.shape[-1]]
            view.copy_(x)
            out.append(view)
            changed.append(i)
        else:
            out.append(x)
    return out, changed

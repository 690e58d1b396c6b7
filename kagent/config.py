"""Settings with their single defaults, and where kagent keeps its files.

Layer 1: imports nothing of kagent's. Each default lives here once; CLI flags and YAML override it.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

AntiCheatProfile = Literal["strict", "default", "lenient"]


def validation_message(exc: ValidationError) -> str:
    """A settings error in one line per field: `device: Input should be 'auto', 'cpu' or 'cuda'`."""
    return "; ".join(f"{'.'.join(str(x) for x in e['loc']) or 'settings'}: {e['msg']}" for e in exc.errors())


DeviceChoice = Literal["auto", "cpu", "cuda"]  # "auto": CUDA when a device is visible, else the CPU interpreter


class VerifyConfig(BaseModel):
    """How hard `kagent verify` looks. Every field is a default that a flag may override."""

    model_config = ConfigDict(extra="forbid")

    device: DeviceChoice = "auto"
    seeds: int = Field(3, ge=1, description="seeded trials of the problem's own inputs")
    stress: bool = Field(True, description="value-stress cases: scales 1e-3 and 1e3, offset mean, negatives")
    shapes: bool = Field(True, description="boundary shapes from overridden module-level constants")
    max_shape_cases: int = Field(5, ge=0, description="boundary-shape cases: odd, one past, primes, ones, "
                                 "powers of two (verifiers/suite.py shape_variants), the first this many")
    max_shape_numel: int = Field(
        1 << 22, description="skip boundary shapes whose inputs (or outputs) hold more elements than this in all"
    )
    oracle_sample_above: int = Field(
        1 << 22, ge=0, description="outputs with more elements than this get their float64 truth on a sample of "
        "batch rows (when rows are independent); the other rows are judged against the float32 reference "
        "with the error measured on the sample. 0: always whole")
    determinism: bool = Field(True, description="run each case twice; differences are reported, and each run is "
                              "judged by the oracle")
    strict_determinism: bool = Field(False, description="fail any bitwise difference between identical runs "
                                     "(--check determinism); otherwise differences within the oracle's tolerance "
                                     "are evidence, not a failure (atomics reorder floating-point sums)")
    batch_invariance: bool = False
    anticheat: bool = True
    anticheat_profile: AntiCheatProfile = "default"
    timing: bool = Field(True, description="time reference and candidate (CUDA only)")
    timing_runs: int = Field(30, ge=3)
    sanitize: bool = Field(False, description="run the candidate under compute-sanitizer memcheck (CUDA)")
    bounds_check: bool = Field(
        True, description="check every load/store/atomic address of the Triton CPU interpreter against the launch's tensors"
    )
    light_headers: bool = Field(False, description="build a load_inline candidate's CUDA file on torch/types.h "
                                "instead of torch/extension.h (2x faster nvcc): for a verify whose pass is checked "
                                "again as written (a repair's evidence verify of the original)")
    ties: bool = Field(True, description="an input case with ties when the reference has a tie-sensitive operator (argmax, sort...)")
    boundaries: bool = Field(True, description="an input case with values exactly on the reference's thresholds "
                             "when it compares values or calls an operator that jumps (hardshrink, sign, round...)")
    sanitize_cuda_c: bool = Field(True, description="on CUDA, run memcheck by default for CUDA C candidates "
                                  "(load_inline, pycuda): guard regions do not see every raw-pointer access")
    timeout_s: float = Field(300.0, gt=0, description="a worker that finishes no step (a case) for this long is "
                             "stopped: the limit follows measured progress")
    timeout_total_factor: float = Field(4.0, ge=1.0, description="hard limit of one worker: timeout_s times this, "
                                        "however steadily it progresses")
    deadline: float | None = Field(None, description="time.monotonic() by which the verify must end: each worker's "
                                   "limit is cut to what is left (a repair's clock); None: the workers' own limits")
    prewarm: bool = Field(False, description="keep a worker started ahead of the next verify (repair loops)")
    memory_limit_mb: int = Field(16384, description="address-space limit of a CPU worker")
    require_sandbox: bool = Field(False, description="refuse to run candidate code where no OS sandbox works")
    # The oracle: a candidate may be at most `error_ratio` times less accurate than the reference in
    # its own dtype (both measured against float64), and never worse than the dtype floor allows.
    error_ratio: float = Field(8.0, gt=1.0)
    weights: Literal["seeded", "copy"] = Field(
        "seeded", description="how ModelNew gets its parameters: 'seeded' builds it under the seed Model was built "
        "with (KernelBench's protocol; a candidate may transform its weights in __init__); 'copy' also loads "
        "Model's parameters into it where names and shapes agree")
    seed: int | None = Field(None, description="base seed from which every case seed is derived; None: drawn fresh "
                             "for each run (reported; pass it back to replay the run)")
    fresh_case: bool = Field(True, description="one more case whose input seed is drawn from os.urandom on every "
                             "run, even when the base seed is pinned (--seed, KAGENT_SEED): a suite memorised for a "
                             "known seed fails it. Run with the environment-perturbed replay; its seed is reported")
    fresh_case_seed: int | None = Field(None, description="the fresh case's seed, to replay it (None: drawn anew)")
    vary_init: bool = Field(True, description="in the perturbed run, one more case with every Python float that "
                            "get_init_inputs passes multiplied by a drawn factor away from 1 (0.5-0.77 or 1.3-2; ints "
                            "and bools are sizes and flags, never changed), for the reference and the candidate alike: "
                            "a constant the problem passes in, hard-coded in the kernel, fails it. False judges under "
                            "KernelBench's convention, where the constructor's arguments are fixed")
    noncontiguous: Literal["off", "warn", "fail"] = Field(
        "warn", description="in the perturbed run, the first case's values once more with every floating input of "
        "rank >= 2 as a non-contiguous view (a column slice of a buffer twice as wide). A wrong result is a warning "
        "by default: KernelBench's inputs are contiguous, and an honest kernel that assumes they are is right "
        "under its convention; 'fail' makes it a failure (a drop-in replacement of a torch module must take "
        "views); a loud refusal is reported as 'layout not supported' either way")
    rows_past_4096: bool = Field(True, description="in the perturbed run, 4097 rows where the adversarial cases "
                                 "have fewer (the other sizes shrunk to fit their element budget): a grid or row index "
                                 "capped at 4096 shows. On the CPU it runs where the first case's call, scaled by the "
                                 "inputs' sizes, promises at most 8 s of interpreter time (a row-wise softmax: ~3 s)")
    index_past_2_24: bool = Field(True, description="on the CPU, for a candidate whose kernels convert floats to "
                                  "ints (the only way index math can go through float32), one more case with the "
                                  "largest size scaled past 2^24 elements, in its own worker, stopped after 15 s of "
                                  "interpreter CPU time")
    adversarial_cases: bool = Field(True, description="cases past common tile and grid caps, 4x a dimension, "
                                    "mean-1e3 and near-overflow values (verifiers/suite_adversarial.py)")
    adversarial_shapes: bool = Field(True, description="with adversarial_cases: its size cases (past the tile "
                                     "and grid caps, 4x). False only where the same candidate already passed "
                                     "them: the repair's confirm at a second seed (they test sizes, not draws)")


SEED_ENV = "KAGENT_SEED"  # pins the base seed of every run in this environment (a CI job, a replay)
# pins the fresh case's seed too: for a test suite that must give the same verdicts on every run (it
# gives up what the fresh case is for; kagent's own tests set it, users should not)
FRESH_SEED_ENV = "KAGENT_FRESH_SEED"


def fresh_case_seed(config_seed: int | None) -> int:
    """The fresh case's seed: the one asked for, else KAGENT_FRESH_SEED, else drawn from os.urandom."""
    if config_seed is not None:
        return config_seed
    pinned = os.environ.get(FRESH_SEED_ENV)
    if pinned:
        return int(pinned)
    return int.from_bytes(os.urandom(4), "little") >> 2


def fresh_seed() -> int:
    """A base seed nobody can know in advance (or the one KAGENT_SEED pins)."""
    pinned = os.environ.get(SEED_ENV)
    if pinned:
        return int(pinned)
    import secrets

    return secrets.randbelow(1 << 30)


class CacheConfig(BaseModel):
    """How much disk kagent's reference cache may hold (cache_dir()/reference)."""

    model_config = ConfigDict(extra="forbid")

    limit_mb: int = Field(2048, ge=0, description="size limit of the reference cache; the least recently used "
                          "entries go first once it is passed (env KAGENT_CACHE_LIMIT_MB). 0: keep only the entry in use")
    in_use_s: float = Field(900.0, ge=0, description="an entry used this recently may be in use by another verify: "
                            "pruned only when nothing older is left")

    @classmethod
    def from_env(cls) -> "CacheConfig":
        env = os.environ.get("KAGENT_CACHE_LIMIT_MB")
        return cls(limit_mb=int(env)) if env else cls()


def cache_dir() -> Path:
    """kagent's cache (reference outputs, Triton and torch-extension caches of workers)."""
    env = os.environ.get("KAGENT_CACHE_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("kagent"))


def data_dir() -> Path:
    """kagent's data (the pattern store)."""
    env = os.environ.get("KAGENT_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("kagent"))


def offline_llm_env() -> None:
    """Make litellm and tiktoken work without the network. Call before importing either.

    litellm fetches a model cost map on import unless told to use its bundled one; tiktoken
    downloads BPE files unless pointed at the copies litellm ships.
    """
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    if "TIKTOKEN_CACHE_DIR" not in os.environ:
        spec = importlib.util.find_spec("litellm")
        if spec and spec.submodule_search_locations:
            tok = Path(list(spec.submodule_search_locations)[0]) / "litellm_core_utils" / "tokenizers"
            if tok.is_dir():
                os.environ["TIKTOKEN_CACHE_DIR"] = str(tok)

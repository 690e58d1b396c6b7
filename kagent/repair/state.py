"""The repair graph's models: its settings, its (flat) state, its summary.

Layer 1: imports only kagent.config and kagent.budget. Sources and reports are files in the run directory; the
state holds ids, counters, paths, hashes and short strings, so that checkpoints stay small and
plain (no nested models for msgpack to warn about).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from kagent.budget import LedgerSnapshot
from kagent.config import DeviceChoice

RunStatus = Literal["running", "repaired", "already_correct", "cheat", "unrepaired", "error"]
FinalStatus = Literal["repaired", "already_correct", "cheat", "unrepaired", "error"]
GuardName = Literal[
    "token_budget",
    "cost",
    "wall_time",
    "attempts",
    "stall",
    "oscillation",
    "regression",
    "degeneration",
    "recursion_limit",
    "provider_error",
    "exhausted",
    "interrupted",
]
Route = Literal[
    "start",
    "static_anticheat",
    "verify",
    "triage",
    "assess",
    "retrieve",
    "gate",
    "debug",
    "guard",
    "report",
]
TriageClass = Literal["pass", "cheat", "near_miss", "far_miss", "unsupported", "unknown"]


class RepairConfig(BaseModel):
    """Per-run settings of `kagent repair` (they travel in the runtime context, not the state)."""

    model_config = ConfigDict(extra="forbid")

    model: str | None = Field(
        None, description="litellm model string, 'offline', 'script:FILE' or 'replay:PATH'; None: $KAGENT_MODEL, else offline"
    )
    token_budget: int | None = Field(None, ge=0, description="never exceeded: prompt + max answer")
    cost_budget_usd: float | None = Field(None, ge=0)
    max_attempts: int = Field(20, ge=0, description="debug steps (candidates or answers) per run")
    timeout_s: float | None = Field(1800.0, gt=0, description="wall-time limit of the whole run")
    stall_k: int = Field(3, ge=1, description="LLM path: same failure signature k times in a row stops")
    offline_stall_k: int = Field(
        8, ge=1, description="pattern engine: each edit is a new hypothesis, so it may fail alike longer"
    )
    degeneration_ratio: float = Field(
        1.5, gt=1.0, description="GPU: a correct repair this many times slower than the original is rejected"
    )
    max_tokens_per_call: int = Field(4096, ge=1)
    min_answer_tokens: int = Field(256, ge=1, description="a call that cannot leave this much answer is refused")
    llm_retries: int = Field(3, ge=0, description="retries of transient provider errors")
    llm_backoff_s: float = Field(2.0, ge=0, description="first retry delay; doubles each retry")
    llm_timeout_s: float = Field(300.0, gt=0)
    temperature: float = 0.0
    price_model: str | None = Field(None, description="price calls as this model from litellm's table")
    fix_limit: int = Field(20, ge=1, description="pattern engine: candidate fixes per base")
    patterns_k: int = Field(5, ge=1, description="patterns retrieved per failure")
    prompt_patterns: int = Field(3, ge=0, description="LLM path: the top patterns shown in the prompt")
    backend: Literal["auto", "triton", "cuda", "ptx"] = Field(
        "auto", description="the kernel's backend (retrieval, prompt); auto: detected from the source at ingest"
    )
    search_first_batch: int = Field(8, ge=1, description="offline search: candidate edits in the first screen batch")
    search_batch: int = Field(24, ge=1, description="offline search: candidate edits per later screen batch")
    search_improvements: int = Field(
        2, ge=0, description="offline search: screen improvements (no pass yet) sent to the full verifier per base")
    confirm_seed: bool = Field(
        True, description="verify a passing edit once more at a second seed before it is `repaired` (a search "
        "can fit the run's one draw of inputs)")
    search_rewrites: int = Field(
        2000, ge=0, description="offline search: the second tier's rewrites of the suspected lines (0: none)")
    search_rewrite_batch: int = Field(48, ge=1, description="offline search: second-tier candidates per screen batch")
    screen_candidate_s: float = Field(30.0, gt=0, description="offline search: the screen's time per candidate")
    screen_workers: int = Field(
        0, ge=0, description="offline search: screen workers judging one batch side by side on the CPU (0: one "
        "per usable core, at most 4; a batch of kernels repaired N at a time gives each its share)")
    screen_device: Literal["interpreter", "verify"] = Field(
        "interpreter", description="offline search: where the screen runs Triton candidates. interpreter: on the "
        "CPU under the Triton interpreter whatever the verify's device (a GPU compiles every edited source, ~1 s "
        "each; the interpreter screens one in ~0.1 s); verify: on the verify's device. CUDA C candidates are "
        "screened on the verify's device either way; survivors always go through the full verify")
    learn: bool = Field(True, description="feed verified repairs to the pattern library")
    device: DeviceChoice = "auto"


class RepairState(BaseModel):
    """What the graph checkpoints. Flat on purpose."""

    # identity
    run_id: str = ""
    run_dir: str = ""
    kernel: str = ""
    model: str = ""
    original: str = ""
    reference: str | None = Field(None, description="the reference the user named, if any")
    verify_reference: str = Field("", description="the file each candidate is verified against")
    single_file: bool = False
    backend: str = Field("", description="triton | cuda | ptx | unknown, detected at ingest (or configured)")
    frontend: str = Field("", description="how the candidate builds its kernel: triton | load_inline | pycuda | ptx")
    backend_evidence: str = Field("", description="what the backend was detected from")

    # counters
    step: int = Field(0, description="index of the newest candidate directory")
    attempts: int = 0
    llm_requests: int = Field(0, description="provider requests made, retries included")
    elapsed_s: float = 0.0

    # routing
    route: Route = "start"
    triage: TriageClass = "unknown"
    triage_reason: str = ""

    # the candidate under test, the base the next edit starts from, and the best so far
    pending: int | None = Field(None, description="candidate written but not yet verified")
    pending_origin: str = ""
    pending_patterns: list[str] = Field(default_factory=list, description="patterns behind the pending candidate")
    failed_patterns: list[str] = Field(default_factory=list, description="patterns whose candidates failed")
    base_index: int = 0
    base_hash: str = ""
    base_trail: list[int] = Field(default_factory=list, description="offline search: the earlier bases, "
                                  "latest last; a base whose search is spent hands back to the one before it")
    deferred_base: int | None = Field(None, description="offline search: a better candidate not yet made the "
                                      "base, while other edits that passed the same screen are verified first")
    best_index: int = 0
    best_hash: str = ""
    best_score: list[float] = Field(default_factory=list)
    original_score: list[float] = Field(default_factory=list)
    original_ms: float | None = None
    original_reference_ms: float | None = None

    # the last verify report, summarised (the report itself is candidates/<n>/report.json)
    last_index: int | None = None
    last_verdict: str = ""
    last_failure_class: str | None = None
    last_summary: str = ""
    last_findings: list[str] = Field(default_factory=list)

    # history for the guards and the prompt
    signatures: list[str] = Field(default_factory=list, description="failure signature per verified step")
    seen_hashes: list[str] = Field(default_factory=list, description="normalised source hashes tried")
    history: list[str] = Field(default_factory=list, description="one line per attempt")
    feedback: str | None = None
    pattern_ids: list[str] = Field(default_factory=list)
    rejected: list[str] = Field(default_factory=list, description="guard rejections: 'n:guard:reason'")

    # ledger numbers (the live Ledger object is in the runtime context), flat as the checkpoint
    # keeps them: read and written as one LedgerSnapshot (`spent`, `spent_update`)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    llm_calls: int = 0
    cost_known: bool = True

    # outcome
    status: RunStatus = "running"
    reason: str = ""
    guard: GuardName | None = None
    repaired_index: int | None = None
    repaired_origin: str = ""
    repaired_patterns: list[str] = Field(default_factory=list)

    @property
    def spent(self) -> LedgerSnapshot:
        """The run's LLM usage so far (a copy: change it, then return `spent_update` of it)."""
        return LedgerSnapshot(prompt_tokens=self.prompt_tokens, completion_tokens=self.completion_tokens,
                              cost_usd=self.cost_usd, calls=self.llm_calls, cost_known=self.cost_known)

    @staticmethod
    def spent_update(spent: LedgerSnapshot) -> dict[str, int | float | bool]:
        """The state update that records `spent`."""
        return {"prompt_tokens": spent.prompt_tokens, "completion_tokens": spent.completion_tokens,
                "cost_usd": spent.cost_usd, "llm_calls": spent.calls, "cost_known": spent.cost_known}


class RepairSummary(BaseModel):
    """The result of one repair run (summary.json; `kagent repair --json` prints it)."""

    model_config = ConfigDict(extra="forbid")

    status: FinalStatus
    reason: str
    repaired_path: str | None = Field(None, description="absolute path of the repaired kernel file")
    run_dir: str
    attempts: int
    tokens: int
    cost: float
    guard: GuardName | None = None
    kernel: str = ""
    model: str = ""
    triage: TriageClass = "unknown"
    prompt_tokens: int = 0
    completion_tokens: int = 0
    llm_calls: int = 0
    cost_known: bool = True
    candidates: int = 0
    best_index: int = 0
    seconds: float = 0.0
    original: str = ""
    reference: str | None = None

"""The shared budget of a batch: a file-locked pool on disk, and each kernel's Ledger onto it.

Layer 6 (part of kagent batch); builds on kagent.budget (layer 1). Every worker process (local or
Ray) reserves, charges and releases through the same pool file under an exclusive flock, so the
never-exceed rule of kagent.budget holds across processes: a call is admitted only when its prompt
plus its answer limit fits in what the kernel may still draw.

Allocation policy "fair-share-on-demand" (reported in the summary):
1. A kernel draws tokens only when its repair first asks for an LLM call — that is, only after the
   verifier and triage routed it to the debug agent as a near-miss. Already-correct, cheating,
   far-miss and unsupported kernels never draw, so near-miss kernels get the whole budget.
2. First grant = fair share: what is unallocated divided by the kernels not yet finished that have
   not drawn yet (this one included), capped by the kernel's token_cap.
3. Top-up: a kernel that has used its grant may draw again, from what is unallocated beyond one
   starting share (budget / number of kernels) held back for each kernel that has not drawn yet,
   split among the kernels drawing now.
4. Unspent returned: when a kernel ends (any status, a killed worker included) its grant shrinks to
   what it spent, and its open reservations are dropped; the rest goes back to the pool.
5. Stalled kernels stopped: the repair graph's stall/oscillation/attempt guards end a kernel that
   repeats itself, and the per-kernel wall-time limit kills a hung worker; both return the unspent.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from kagent.budget import Admission, Ledger, LedgerSnapshot
from kagent.errors import BudgetExceeded

POLICY_RULES = [
    "a kernel draws tokens only when triage sends it to the debug agent (near-miss kernels get priority; "
    "correct, cheating and far-miss kernels draw nothing)",
    "first grant = unallocated tokens / kernels that have not drawn yet (fair share), capped by token_cap",
    "top-up = (unallocated - one starting share (budget / kernels) held back per kernel that has not drawn yet) / "
    "kernels drawing now",
    "unspent tokens and open reservations return to the pool when a kernel ends, whatever its status",
    "stalling kernels are stopped by the repair guards (stall, oscillation, attempts) and hung workers by the "
    "per-kernel time limit; their unspent grant returns",
]

Account = Literal["waiting", "granted", "done"]


class KernelAccount(BaseModel):
    model_config = ConfigDict(extra="forbid")

    state: Account = "waiting"
    granted: int = 0
    spent: int = 0
    reserved: int = 0
    draws: int = 0
    cap: int | None = None


class PoolState(BaseModel):
    """ledger.json."""

    model_config = ConfigDict(extra="forbid")

    token_budget: int
    cost_budget_usd: float | None = None
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    calls: int = 0
    cost_known: bool = True
    first_grants: list[int] = Field(default_factory=list)
    top_ups: int = 0
    refusals: int = 0
    returned: int = 0
    overrun: int = Field(0, description="tokens a provider reported beyond a reservation (should stay 0)")
    kernels: dict[str, KernelAccount] = Field(default_factory=dict)

    @property
    def spent(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    @property
    def reserved(self) -> int:
        return sum(k.reserved for k in self.kernels.values())

    def committed(self) -> int:
        """Tokens no longer free: grants of kernels still running, spending of kernels done."""
        return sum(k.spent if k.state == "done" else k.granted for k in self.kernels.values())

    def unallocated(self) -> int:
        return max(0, self.token_budget - self.committed())

    def starting_share(self) -> int:
        return self.token_budget // max(1, len(self.kernels))

    def count(self, state: Account) -> int:
        return sum(1 for k in self.kernels.values() if k.state == state)


class Refusal(BaseModel):
    model_config = ConfigDict(extra="forbid")

    reason: str


class PoolClient(Protocol):
    """What a kernel's ledger needs from the pool (FilePool here, a Ray actor in kagent.batch_ray)."""

    def try_reserve(self, kid: str, prompt_tokens: int, max_tokens: int, min_answer_tokens: int) -> Admission | Refusal: ...
    def charge(self, kid: str, admission: Admission | None, prompt_tokens: int, completion_tokens: int, cost_usd: float | None) -> None: ...
    def release(self, kid: str, admission: Admission) -> None: ...
    def available(self, kid: str) -> int: ...
    def totals(self) -> LedgerSnapshot: ...
    def budgets(self) -> tuple[int, float | None]: ...


class FilePool:
    """The pool in `<batch>/ledger.json`, read-modify-written under flock on `<batch>/ledger.lock`."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.lock_path = self.path.with_suffix(".lock")

    # -- storage ---------------------------------------------------------------------------------
    @classmethod
    def create(cls, path: str | Path, token_budget: int, cost_budget_usd: float | None, kernel_ids: list[str],
               caps: dict[str, int | None] | None = None) -> FilePool:
        pool = cls(path)
        with pool._locked() as st:
            if st is None:
                st = PoolState(token_budget=token_budget, cost_budget_usd=cost_budget_usd)
            for kid in kernel_ids:
                st.kernels.setdefault(kid, KernelAccount(cap=(caps or {}).get(kid)))
            pool._write(st)
        return pool

    @contextmanager
    def _locked(self) -> Iterator[Any]:
        self.lock_path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.lock_path, "a+") as lk:
            fcntl.flock(lk, fcntl.LOCK_EX)
            try:
                yield PoolState.model_validate_json(self.path.read_text()) if self.path.is_file() else None
            finally:
                fcntl.flock(lk, fcntl.LOCK_UN)

    def _write(self, st: PoolState) -> None:
        tmp = self.path.with_suffix(f".tmp{os.getpid()}")
        tmp.write_text(st.model_dump_json(indent=1))
        os.replace(tmp, self.path)

    def state(self) -> PoolState:
        with self._locked() as st:
            if st is None:
                raise FileNotFoundError(self.path)
            return st

    # -- the policy --------------------------------------------------------------------------------
    @staticmethod
    def _draw(st: PoolState, kid: str, need: int) -> None:
        """Give `kid` its first grant or a top-up, per the policy (mutates st)."""
        k = st.kernels[kid]
        free = st.unallocated()
        if k.state == "waiting":
            share = free // max(1, st.count("waiting"))
            if k.cap is not None:
                share = min(share, k.cap)
            k.state, k.granted, k.draws = "granted", share, 1
            st.first_grants.append(share)
            return
        have = k.granted - k.spent - k.reserved
        if have >= need:
            return
        held = min(free, st.count("waiting") * st.starting_share())
        share = (free - held) // max(1, st.count("granted"))
        if k.cap is not None:
            share = min(share, max(0, k.cap - k.granted))
        if share > 0:
            k.granted += share
            k.draws += 1
            st.top_ups += 1

    def try_reserve(self, kid: str, prompt_tokens: int, max_tokens: int, min_answer_tokens: int) -> Admission | Refusal:
        with self._locked() as st:
            assert st is not None
            k = st.kernels[kid]
            if k.state == "done":
                return Refusal(reason=f"kernel {kid} is finished")
            if st.cost_budget_usd is not None and st.cost_usd >= st.cost_budget_usd:
                st.refusals += 1
                self._write(st)
                return Refusal(reason=f"batch cost budget ${st.cost_budget_usd:.4f} spent (${st.cost_usd:.4f})")
            self._draw(st, kid, prompt_tokens + min_answer_tokens)
            have = k.granted - k.spent - k.reserved
            allowed = min(max_tokens, have - prompt_tokens)
            if allowed < min_answer_tokens:
                st.refusals += 1
                self._write(st)
                return Refusal(reason=(
                    f"a call of {prompt_tokens} prompt + {min_answer_tokens} answer tokens exceeds kernel {kid}'s "
                    f"{have} tokens left (granted {k.granted}, spent {k.spent}); the batch has {st.unallocated()} "
                    f"unallocated of {st.token_budget} and {st.count('waiting')} kernels waiting"))
            k.reserved += prompt_tokens + allowed
            self._write(st)
            return Admission(prompt_tokens=prompt_tokens, max_tokens=allowed)

    def release(self, kid: str, admission: Admission) -> None:
        with self._locked() as st:
            assert st is not None
            k = st.kernels[kid]
            k.reserved = max(0, k.reserved - (admission.prompt_tokens + admission.max_tokens))
            self._write(st)

    def charge(self, kid: str, admission: Admission | None, prompt_tokens: int, completion_tokens: int,
               cost_usd: float | None) -> None:
        with self._locked() as st:
            assert st is not None
            k = st.kernels[kid]
            used = prompt_tokens + completion_tokens
            if admission is not None:
                held = admission.prompt_tokens + admission.max_tokens
                k.reserved = max(0, k.reserved - held)
                st.overrun += max(0, used - held)
            k.spent += used
            st.prompt_tokens += prompt_tokens
            st.completion_tokens += completion_tokens
            st.calls += 1
            if cost_usd is None:
                st.cost_known = False
            else:
                st.cost_usd += cost_usd
            self._write(st)

    def available(self, kid: str) -> int:
        """What `kid` could use for its next call now (its grant left, or the share it would draw)."""
        with self._locked() as st:
            assert st is not None
            probe = st.model_copy(deep=True)
            self._draw(probe, kid, 1 << 62)
            k = probe.kernels[kid]
            return 0 if k.state == "done" else max(0, k.granted - k.spent - k.reserved)

    def totals(self) -> LedgerSnapshot:
        st = self.state()
        return LedgerSnapshot(prompt_tokens=st.prompt_tokens, completion_tokens=st.completion_tokens,
                              cost_usd=st.cost_usd, calls=st.calls, cost_known=st.cost_known)

    def budgets(self) -> tuple[int, float | None]:
        st = self.state()
        return st.token_budget, st.cost_budget_usd

    # -- the coordinator's side ------------------------------------------------------------------
    def granted(self, kid: str) -> int:
        return self.state().kernels[kid].granted

    def finish(self, kid: str) -> None:
        """The kernel ended: its unspent grant and open reservations return to the pool. Idempotent."""
        with self._locked() as st:
            assert st is not None
            k = st.kernels[kid]
            if k.state != "done":
                st.returned += max(0, k.granted - k.spent)
                k.state = "done"
            k.reserved = 0
            self._write(st)

    def drop_reservations(self) -> int:
        """At (re)start no worker is alive: reservations left by killed workers are void."""
        with self._locked() as st:
            assert st is not None
            dropped = st.reserved
            for k in st.kernels.values():
                k.reserved = 0
            self._write(st)
            return dropped


class KernelLedger(Ledger):
    """One kernel's view of the pool, usable wherever kagent.budget.Ledger is (repair's `ledger=`).

    `token_budget` is the batch's; `remaining_tokens()` is what this kernel may still use; the
    snapshot is this kernel's own spending (the pool's totals are in the batch summary)."""

    def __init__(self, pool: PoolClient, kernel_id: str) -> None:
        budget, cost = pool.budgets()
        super().__init__(token_budget=budget, cost_budget_usd=cost)
        self.pool = pool
        self.kernel_id = kernel_id

    def remaining_tokens(self) -> int | None:
        return self.pool.available(self.kernel_id)

    def cost_exhausted(self) -> bool:
        if self.cost_budget_usd is None:
            return False
        return self.pool.totals().cost_usd >= self.cost_budget_usd

    def reserve(self, prompt_tokens: int, max_tokens: int, min_answer_tokens: int = 1) -> Admission:
        got = self.pool.try_reserve(self.kernel_id, prompt_tokens, max_tokens, min_answer_tokens)
        if isinstance(got, Refusal):
            raise BudgetExceeded(got.reason)
        return got

    def release(self, admission: Admission) -> None:
        self.pool.release(self.kernel_id, admission)

    def charge(self, admission: Admission | None, prompt_tokens: int, completion_tokens: int,
               cost_usd: float | None) -> None:
        self.pool.charge(self.kernel_id, admission, prompt_tokens, completion_tokens, cost_usd)
        with self._lock:  # this kernel's own numbers
            self._spent.add_call(prompt_tokens, completion_tokens, cost_usd)

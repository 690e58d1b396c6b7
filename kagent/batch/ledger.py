"""The shared budget of a batch: a file-locked pool on disk, and each kernel's Ledger onto it.

builds on kagent.budget (layer 1). Every worker process (local or
Ray) reserves, charges and releases through the same pool file under an exclusive flock, so the
never-exceed rule of kagent.budget holds across processes: a call is admitted only when its prompt
plus its answer limit fits in what the kernel may still draw.

Allocation policy "fair-share-with-floors" (reported in the summary):
1. Only kernels that may still call the LLM count. A kernel stops counting when it ends, when its
   model is `offline` (the pattern engine never calls), or when triage routes it away from the
   debug agent (already correct, cheat, far-miss, unsupported: the worker tells the pool at once).
2. First grant = fair share: the unallocated tokens divided by the kernels that may still call and
   have not drawn yet (this one included), capped by the kernel's token_cap.
3. Floors: for every *other* kernel that may still call and has not drawn yet, the pool keeps back
   a floor of `floor_tokens` (BatchOptions.floor_tokens, default 1024: a short prompt plus the
   minimum answer), or less when the pool cannot give every such kernel that much (then the floor
   is an even split of the unallocated tokens).
4. Calls beyond the grant: a call that does not fit in what the kernel has left is admitted when
   the pool can cover it without touching those floors; the kernel's grant grows by what the call
   needs (prompt + answer limit, the answer limit shrunk to fit), up to its token_cap. After the
   call is charged the grant shrinks back to max(first grant, spent + still reserved), so no kernel
   sits on tokens it is not using. Beyond the floors, kernels are served in start order
   (priority first): near-miss kernels get priority.
5. Unspent returned: when a kernel ends (any status) its grant shrinks to what it spent. A call
   still reserved when its worker was killed is charged in full as spent (the provider may have
   billed it) and reported as in-flight tokens, never dropped.
6. Stalled kernels stopped: the repair graph's stall/oscillation/attempt guards end a kernel that
   repeats itself, and the per-kernel wall-time limit kills a hung worker; both return the unspent.
7. Dollars: with a cost budget every call reserves prompt x input price + answer limit x output
   price (litellm's table, the most expensive tier) from the shared dollar pool; a call that does
   not fit has its answer limit shrunk or is refused. The batch refuses to start when a model that
   will be called has no known price (set repair.price_model to price it as another model).
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

from kagent.budget import Admission, Ledger, LedgerSnapshot, Prices, fit_cost, reserve_cost
from kagent.errors import BudgetExceeded

POLICY_NAME = "fair-share-with-floors"
DEFAULT_FLOOR_TOKENS = 1024

POLICY_RULES = [
    "only kernels that may still call the LLM count: offline kernels and kernels triage routed away from the "
    "debug agent (already correct, cheat, far-miss, unsupported) never draw and hold nothing back",
    "first grant = unallocated tokens / kernels that may still call and have not drawn yet (fair share), "
    "capped by token_cap",
    "a floor (floor_tokens, or an even split when the pool is short) is kept back for every other kernel that "
    "may still call and has not drawn yet",
    "a call beyond a kernel's grant is admitted when the pool covers it without touching those floors; the grant "
    "grows by what the call needs and shrinks back to max(first grant, spent) once it is charged; beyond the "
    "floors kernels are served in start order (near-miss kernels first)",
    "unspent tokens return to the pool when a kernel ends, whatever its status; calls in flight when a worker "
    "was killed are charged in full as spent (the provider may have billed them)",
    "stalling kernels are stopped by the repair guards (stall, oscillation, attempts) and hung workers by the "
    "per-kernel time limit; their unspent grant returns",
    "with a cost budget each call also reserves its most expensive cost (prompt x input price + answer limit x "
    "output price) from the shared dollar pool; a model without a known price is refused at plan time",
]

Account = Literal["waiting", "granted", "done"]


class KernelAccount(BaseModel):
    model_config = ConfigDict(extra="forbid")

    state: Account = "waiting"
    granted: int = 0
    base: int = Field(0, description="the first grant (the grant never shrinks below it while the kernel runs)")
    spent: int = 0
    reserved: int = 0
    reserved_cost: float = 0.0
    in_flight: int = Field(0, description="tokens charged for calls in flight when the kernel's worker died")
    draws: int = 0
    cap: int | None = None
    no_llm: bool = Field(False, description="known not to call the LLM (offline model, or triage routed it away)")


class PoolState(BaseModel):
    """ledger.json."""

    model_config = ConfigDict(extra="forbid")

    token_budget: int
    cost_budget_usd: float | None = None
    floor_tokens: int = DEFAULT_FLOOR_TOKENS
    prompt_tokens: int = 0
    completion_tokens: int = 0
    in_flight_tokens: int = Field(0, description="charged for calls whose worker was killed before they were charged")
    cost_usd: float = 0.0
    calls: int = 0
    cost_known: bool = True
    first_grants: list[int] = Field(default_factory=list)
    top_ups: int = 0
    refusals: int = 0
    returned: int = 0
    overrun: int = Field(0, description="tokens a provider reported beyond a reservation (should stay 0)")
    cost_overrun_usd: float = Field(0.0, description="dollars a call cost beyond its reservation (should stay 0)")
    kernels: dict[str, KernelAccount] = Field(default_factory=dict)

    @property
    def spent(self) -> int:
        return self.prompt_tokens + self.completion_tokens + self.in_flight_tokens

    @property
    def reserved(self) -> int:
        return sum(k.reserved for k in self.kernels.values())

    @property
    def reserved_cost(self) -> float:
        return sum(k.reserved_cost for k in self.kernels.values())

    def committed(self) -> int:
        """Tokens no longer free: grants of kernels still running, spending of kernels done."""
        return sum(k.spent if k.state == "done" else max(k.granted, k.spent + k.reserved) for k in self.kernels.values())

    def unallocated(self) -> int:
        return max(0, self.token_budget - self.committed())

    def count(self, state: Account) -> int:
        return sum(1 for k in self.kernels.values() if k.state == state)

    def may_call(self, exclude: str | None = None) -> int:
        """Kernels that may still call the LLM and have not drawn yet (other than `exclude`)."""
        return sum(1 for kid, k in self.kernels.items() if kid != exclude and k.state == "waiting" and not k.no_llm)

    def floor(self, kid: str) -> int:
        """The floor kept back for each kernel counted by may_call(kid): floor_tokens, or, when the
        pool is short, an even split of what is free (kid's unused grant included) among them and kid."""
        k = self.kernels[kid]
        mine = max(0, k.granted - k.spent - k.reserved) if k.state == "granted" else 0
        return min(self.floor_tokens, (self.unallocated() + mine) // (self.may_call(kid) + 1))

    def held_back(self, kid: str) -> int:
        return self.may_call(kid) * self.floor(kid)


class Refusal(BaseModel):
    model_config = ConfigDict(extra="forbid")

    reason: str


class PoolClient(Protocol):
    """What a kernel's ledger needs from the pool (FilePool here, a Ray actor in kagent.batch.ray)."""

    def try_reserve(self, kid: str, prompt_tokens: int, max_tokens: int, min_answer_tokens: int,
                    prices: Prices | None = None) -> Admission | Refusal: ...
    def charge(self, kid: str, admission: Admission | None, prompt_tokens: int, completion_tokens: int, cost_usd: float | None) -> None: ...
    def release(self, kid: str, admission: Admission) -> None: ...
    def available(self, kid: str) -> int: ...
    def mark_no_llm(self, kid: str) -> None: ...
    def totals(self) -> LedgerSnapshot: ...
    def budgets(self) -> tuple[int, float | None]: ...


def model_prices(model: str) -> Prices | None:
    """Dollars per prompt and per completion token from litellm's (bundled) price table, the most
    expensive tier of each; None when the model has no price there. `offline` costs nothing;
    scripted/replayed models (script:, replay:) have no price of their own."""
    if model == "offline":
        return (0.0, 0.0)
    if model.startswith(("script:", "replay:", "kagent-scripted/")):
        return None
    from kagent.config import offline_llm_env

    offline_llm_env()
    import litellm

    try:
        info = litellm.get_model_info(model)
    except Exception:  # litellm raises a bare Exception for unmapped models
        return None

    def worst(prefix: str) -> float | None:
        vals = [float(v) for k, v in info.items() if k.startswith(prefix) and isinstance(v, (int, float))]
        return max(vals) if vals else None

    pin, pout = worst("input_cost_per_token"), worst("output_cost_per_token")
    if pin is None or pout is None:
        return None
    return (pin, pout)


class FilePool:
    """The pool in `<batch>/ledger.json`, read-modify-written under flock on `<batch>/ledger.lock`."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.lock_path = self.path.with_suffix(".lock")

    # -- storage ---------------------------------------------------------------------------------
    @classmethod
    def create(cls, path: str | Path, token_budget: int, cost_budget_usd: float | None, kernel_ids: list[str],
               caps: dict[str, int | None] | None = None, *, floor_tokens: int = DEFAULT_FLOOR_TOKENS,
               no_llm: set[str] | frozenset[str] = frozenset()) -> FilePool:
        """Create the pool, or open the one a resumed batch left (its books are kept). `no_llm`:
        kernels known never to call the LLM (offline model)."""
        pool = cls(path)
        with pool._locked() as st:
            if st is None:
                st = PoolState(token_budget=token_budget, cost_budget_usd=cost_budget_usd, floor_tokens=floor_tokens)
            for kid in kernel_ids:
                st.kernels.setdefault(kid, KernelAccount(cap=(caps or {}).get(kid), no_llm=kid in no_llm))
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
    def _draw(st: PoolState, kid: str, want: int, need: int) -> None:
        """Let `kid` draw for a call that needs at least `need` tokens and would like `want`:
        its first grant (fair share), then, when that is not enough, what the call needs from the
        pool beyond the floors kept back for the others (mutates st)."""
        k = st.kernels[kid]
        if k.state == "waiting":
            share = st.unallocated() // (st.may_call(kid) + 1)
            if k.cap is not None:
                share = min(share, k.cap)
            k.state, k.granted, k.base, k.draws = "granted", share, share, 1
            k.no_llm = False  # it asked: whatever was thought, it calls
            st.first_grants.append(share)
        have = k.granted - k.spent - k.reserved
        if have >= want:
            return
        extra = min(want - have, max(0, st.unallocated() - st.held_back(kid)))
        if k.cap is not None:
            extra = min(extra, max(0, k.cap - k.granted))
        if extra > 0 and have + extra >= need:
            k.granted += extra
            k.draws += 1
            st.top_ups += 1

    @staticmethod
    def _shrink(k: KernelAccount) -> None:
        """After a call: the grant goes back to max(first grant, what is spent or still reserved)."""
        if k.state == "granted":
            k.granted = max(k.base, k.spent + k.reserved)

    def try_reserve(self, kid: str, prompt_tokens: int, max_tokens: int, min_answer_tokens: int,
                    prices: Prices | None = None) -> Admission | Refusal:
        with self._locked() as st:
            assert st is not None
            k = st.kernels[kid]
            if k.state == "done":
                return Refusal(reason=f"kernel {kid} is finished")
            cost_left = None if st.cost_budget_usd is None else st.cost_budget_usd - st.cost_usd - st.reserved_cost
            if cost_left is not None and st.cost_usd >= st.cost_budget_usd:
                st.refusals += 1
                self._write(st)
                return Refusal(reason=f"batch cost budget ${st.cost_budget_usd:.4f} spent (${st.cost_usd:.4f})")
            if cost_left is not None and prices is not None:  # never draw tokens for a call dollars cannot pay
                by_cost = fit_cost(prices, cost_left, prompt_tokens, max_tokens)
                if by_cost < min_answer_tokens:
                    st.refusals += 1
                    self._write(st)
                    return Refusal(reason=(
                        f"a call of {prompt_tokens} prompt + {min_answer_tokens} answer tokens may cost "
                        f"${reserve_cost(prices, prompt_tokens, min_answer_tokens):.4f}; the batch has "
                        f"${max(0.0, cost_left):.4f} left of ${st.cost_budget_usd:.4f} (calls in flight included)"))
                max_tokens = by_cost
            self._draw(st, kid, prompt_tokens + max_tokens, prompt_tokens + min_answer_tokens)
            have = k.granted - k.spent - k.reserved
            allowed = min(max_tokens, have - prompt_tokens)
            if allowed < min_answer_tokens:
                st.refusals += 1
                self._write(st)
                return Refusal(reason=(
                    f"a call of {prompt_tokens} prompt + {min_answer_tokens} answer tokens exceeds kernel {kid}'s "
                    f"{max(0, have)} tokens left (granted {k.granted}, spent {k.spent}); the batch has "
                    f"{st.unallocated()} unallocated of {st.token_budget}, {st.held_back(kid)} of it kept back as "
                    f"floors for {st.may_call(kid)} kernels that may still call"))
            cost = reserve_cost(prices, prompt_tokens, allowed) if cost_left is not None else 0.0
            k.reserved += prompt_tokens + allowed
            k.reserved_cost += cost
            self._write(st)
            return Admission(prompt_tokens=prompt_tokens, max_tokens=allowed, cost_usd=cost)

    def release(self, kid: str, admission: Admission) -> None:
        with self._locked() as st:
            assert st is not None
            k = st.kernels[kid]
            k.reserved = max(0, k.reserved - (admission.prompt_tokens + admission.max_tokens))
            k.reserved_cost = max(0.0, k.reserved_cost - admission.cost_usd)
            self._shrink(k)
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
                k.reserved_cost = max(0.0, k.reserved_cost - admission.cost_usd)
                st.overrun += max(0, used - held)
                if cost_usd is not None and admission.cost_usd > 0:
                    st.cost_overrun_usd += max(0.0, cost_usd - admission.cost_usd)
            k.spent += used
            st.prompt_tokens += prompt_tokens
            st.completion_tokens += completion_tokens
            st.calls += 1
            if cost_usd is None:
                st.cost_known = False
                if admission is not None:  # unpriced answer: count the reserved bound, never nothing
                    st.cost_usd += admission.cost_usd
            else:
                st.cost_usd += cost_usd
            self._shrink(k)
            self._write(st)

    def available(self, kid: str) -> int:
        """What `kid` could use for its next call now (its grant left, or what it may draw)."""
        with self._locked() as st:
            assert st is not None
            if st.kernels[kid].state == "done":
                return 0
            probe = st.model_copy(deep=True)
            self._draw(probe, kid, 1 << 62, 0)
            k = probe.kernels[kid]
            return max(0, k.granted - k.spent - k.reserved)

    def mark_no_llm(self, kid: str) -> None:
        """The kernel will not call the LLM (triage routed it away): hold nothing back for it."""
        with self._locked() as st:
            assert st is not None
            k = st.kernels[kid]
            if k.state == "waiting" and not k.no_llm:
                k.no_llm = True
                self._write(st)

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

    @staticmethod
    def _charge_in_flight(st: PoolState, k: KernelAccount) -> int:
        """Reservations no live worker holds: calls whose worker died mid-call. The provider may
        have billed them, so they are charged in full (prompt + answer limit, and their dollars)."""
        n = k.reserved
        if n:
            k.spent += n
            k.in_flight += n
            st.in_flight_tokens += n
            st.cost_usd += k.reserved_cost
        k.reserved, k.reserved_cost = 0, 0.0
        return n

    def finish(self, kid: str) -> int:
        """The kernel ended: open reservations (a call in flight when its worker was killed) are
        charged as spent, and its unspent grant returns to the pool. Idempotent; returns the
        tokens charged for calls in flight."""
        with self._locked() as st:
            assert st is not None
            k = st.kernels[kid]
            charged = self._charge_in_flight(st, k)
            if k.state != "done":
                st.returned += max(0, k.granted - k.spent)
                k.state = "done"
            self._write(st)
            return charged

    def reopen(self, kid: str) -> None:
        """A finished kernel runs again (its worker crashed; the batch retries it): it may draw
        again, starting from what it has spent (its returned grant stays returned)."""
        with self._locked() as st:
            assert st is not None
            k = st.kernels[kid]
            if k.state == "done":
                k.state = "granted" if k.draws else "waiting"
                k.granted = k.base = k.spent
                self._write(st)

    def charge_open_reservations(self) -> int:
        """At (re)start no worker is alive: reservations left by killed workers are charged as spent."""
        with self._locked() as st:
            assert st is not None
            charged = sum(self._charge_in_flight(st, k) for k in st.kernels.values())
            for k in st.kernels.values():
                self._shrink(k)
            self._write(st)
            return charged


class KernelLedger(Ledger):
    """One kernel's view of the pool, usable wherever kagent.budget.Ledger is (repair's `ledger=`).

    `token_budget` is the batch's; `remaining_tokens()` is what this kernel may still use; the
    snapshot is this kernel's own spending (the pool's totals are in the batch summary). With
    `prices` (dollars per prompt / completion token) each call also reserves its dollars."""

    def __init__(self, pool: PoolClient, kernel_id: str, prices: Prices | None = None) -> None:
        budget, cost = pool.budgets()
        super().__init__(token_budget=budget, cost_budget_usd=cost, prices=prices)
        self.pool = pool
        self.kernel_id = kernel_id

    def remaining_tokens(self) -> int | None:
        return self.pool.available(self.kernel_id)

    def cost_exhausted(self) -> bool:
        if self.cost_budget_usd is None:
            return False
        return self.pool.totals().cost_usd >= self.cost_budget_usd

    def reserve(self, prompt_tokens: int, max_tokens: int, min_answer_tokens: int = 1) -> Admission:
        got = self.pool.try_reserve(self.kernel_id, prompt_tokens, max_tokens, min_answer_tokens, self.prices)
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

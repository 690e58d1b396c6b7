"""Token and cost ledgers: objects passed in (one per run, or one shared by a batch), never globals.

Layer 1: imports nothing of kagent's but errors. The never-exceed rule lives here: a call is
admitted only if its prompt plus the most it may answer fits in what is left; what the provider
reports afterwards is charged. Within one process a ledger may be shared by threads, hence the
lock; a batch's processes share a file-locked pool instead (kagent.batch.ledger).
"""

from __future__ import annotations

import math
import threading

from pydantic import BaseModel, ConfigDict, Field

from kagent.errors import BudgetExceeded


class LedgerSnapshot(BaseModel):
    """The ledger's numbers at one moment (what the graph state and summary.json record)."""

    model_config = ConfigDict(extra="forbid")

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    calls: int = 0
    cost_known: bool = Field(True, description="False once a call's price was not in litellm's table")

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def add_call(self, prompt_tokens: int, completion_tokens: int, cost_usd: float | None) -> None:
        """Count one call's usage in place (an unknown price makes the total cost unknown)."""
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens
        self.calls += 1
        if cost_usd is None:
            self.cost_known = False
        else:
            self.cost_usd += cost_usd


class CallUsage(BaseModel):
    """One LLM call's usage: the one model that holds it (tools.llm's LLMAnswer and the debug agent's
    Proposal embed it; the run's totals are a LedgerSnapshot)."""

    model_config = ConfigDict(extra="forbid")

    counted_prompt_tokens: int = Field(0, description="our own count of the prompt, before the call")
    prompt_tokens: int = Field(0, description="what the provider reported (our estimate when it reported none)")
    completion_tokens: int = 0
    cost_usd: float | None = Field(None, description="None when the model's price is unknown (or no call was made)")
    reserved_tokens: int = Field(0, description="prompt + answer tokens the ledger held for the call")
    overrun_tokens: int = Field(0, description="usage beyond the reservation (0 when the count held)")
    budget_overrun_tokens: int = Field(0, description="tokens spent beyond the token budget after the call")

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


class Admission(BaseModel):
    """What the ledger allows for one call: the answer may use at most `max_tokens`."""

    model_config = ConfigDict(extra="forbid")

    prompt_tokens: int
    max_tokens: int
    cost_usd: float = Field(0.0, description="dollars reserved for the call: prompt + max_tokens at the model's "
                            "prices (0 when no price is known)")


Prices = tuple[float, float]  # dollars per prompt token, per completion token


def reserve_cost(prices: Prices | None, prompt_tokens: int, max_tokens: int) -> float:
    """The most a call of `prompt_tokens` answering up to `max_tokens` can cost (0 without prices)."""
    return 0.0 if prices is None else prices[0] * prompt_tokens + prices[1] * max_tokens


def fit_cost(prices: Prices, cost_left: float, prompt_tokens: int, max_tokens: int) -> int:
    """The largest answer limit <= max_tokens whose reservation fits in `cost_left` dollars (may be < 0)."""
    pin, pout = prices
    room = cost_left - pin * prompt_tokens
    if pout <= 0:
        return max_tokens if room >= -1e-12 else -1
    return min(max_tokens, math.floor(room / pout + 1e-9))


class Ledger:
    """Tokens and dollars spent against optional limits. Thread-safe; reservations are held, so
    callers that share a ledger across threads are admitted only when the reservation itself fits
    (see `reserve`).

    With `prices` (dollars per prompt / completion token, e.g. from litellm's table) a cost budget
    is enforced like the token budget: each call reserves prompt x input price + max_tokens x
    output price and is refused (or its answer limit shrunk) when that does not fit. Without
    prices the cost budget only stops calls once the dollars spent reach it."""

    def __init__(
        self,
        token_budget: int | None = None,
        cost_budget_usd: float | None = None,
        spent: LedgerSnapshot | None = None,
        prices: Prices | None = None,
    ) -> None:
        if token_budget is not None and token_budget < 0:
            raise ValueError("token_budget must be >= 0")
        self.token_budget = token_budget
        self.cost_budget_usd = cost_budget_usd
        self.prices = prices
        self._lock = threading.Lock()
        self._spent = (spent or LedgerSnapshot()).model_copy()
        self._reserved = 0
        self._reserved_cost = 0.0
        self._prompt_ratio: dict[str, float] = {}

    # -- what the provider has shown of its tokenizer ------------------------------------------
    def prompt_ratio(self, model: str) -> float | None:
        """The largest provider-reported / counted prompt ratio seen for `model` (None before its first call)."""
        with self._lock:
            return self._prompt_ratio.get(model)

    def observe_prompt(self, model: str, counted: int, reported: int) -> None:
        """Remember how the provider counted a prompt we counted as `counted` tokens."""
        if counted <= 0 or reported <= 0:
            return
        with self._lock:
            self._prompt_ratio[model] = max(self._prompt_ratio.get(model, 0.0), reported / counted)

    # -- reading -------------------------------------------------------------------------------
    def snapshot(self) -> LedgerSnapshot:
        with self._lock:
            return self._spent.model_copy()

    def remaining_tokens(self) -> int | None:
        with self._lock:
            return self._remaining_locked()

    def _remaining_locked(self) -> int | None:
        if self.token_budget is None:
            return None
        return self.token_budget - self._spent.tokens - self._reserved

    def cost_exhausted(self) -> bool:
        with self._lock:
            return self.cost_budget_usd is not None and self._spent.cost_usd >= self.cost_budget_usd

    def tokens_exhausted(self, min_call_tokens: int = 1) -> bool:
        rem = self.remaining_tokens()
        return rem is not None and rem < min_call_tokens

    # -- spending ------------------------------------------------------------------------------
    def reserve(self, prompt_tokens: int, max_tokens: int, min_answer_tokens: int = 1) -> Admission:
        """Admit a call of `prompt_tokens` that may answer up to `max_tokens`, or raise.

        The answer limit is shrunk to what is left when that still leaves `min_answer_tokens`;
        otherwise BudgetExceeded. The reservation holds until `charge` or `release`.
        """
        with self._lock:
            if self.cost_budget_usd is not None and self._spent.cost_usd >= self.cost_budget_usd:
                raise BudgetExceeded(
                    f"cost budget ${self.cost_budget_usd:.4f} spent (${self._spent.cost_usd:.4f})"
                )
            rem = self._remaining_locked()
            allowed = max_tokens
            if rem is not None:
                allowed = min(max_tokens, rem - prompt_tokens)
                if allowed < min_answer_tokens:
                    raise BudgetExceeded(
                        f"a call of {prompt_tokens} prompt tokens + {min_answer_tokens} answer tokens "
                        f"exceeds the {rem} tokens left of {self.token_budget}"
                    )
            if self.cost_budget_usd is not None and self.prices is not None:
                cost_left = self.cost_budget_usd - self._spent.cost_usd - self._reserved_cost
                by_cost = fit_cost(self.prices, cost_left, prompt_tokens, allowed)
                if by_cost < min_answer_tokens:
                    raise BudgetExceeded(
                        f"a call of {prompt_tokens} prompt tokens + {min_answer_tokens} answer tokens may cost "
                        f"${reserve_cost(self.prices, prompt_tokens, min_answer_tokens):.4f}, more than the "
                        f"${max(0.0, cost_left):.4f} left of ${self.cost_budget_usd:.4f}"
                    )
                allowed = by_cost
            cost = reserve_cost(self.prices, prompt_tokens, allowed) if self.cost_budget_usd is not None else 0.0
            self._reserved += prompt_tokens + allowed
            self._reserved_cost += cost
            return Admission(prompt_tokens=prompt_tokens, max_tokens=allowed, cost_usd=cost)

    def release(self, admission: Admission) -> None:
        with self._lock:
            self._reserved -= admission.prompt_tokens + admission.max_tokens
            self._reserved_cost = max(0.0, self._reserved_cost - admission.cost_usd)

    def charge(
        self,
        admission: Admission | None,
        prompt_tokens: int,
        completion_tokens: int,
        cost_usd: float | None,
    ) -> None:
        """Record what a call used (the provider's usage) and drop its reservation."""
        with self._lock:
            if admission is not None:
                self._reserved -= admission.prompt_tokens + admission.max_tokens
                self._reserved_cost = max(0.0, self._reserved_cost - admission.cost_usd)
            self._spent.add_call(prompt_tokens, completion_tokens, cost_usd)
            if cost_usd is None and admission is not None:  # unpriced answer: count the reserved bound
                self._spent.cost_usd += admission.cost_usd

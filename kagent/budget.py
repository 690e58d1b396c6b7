"""Token and cost ledgers: objects passed in (one per run, or one shared by a batch), never globals.

Layer 1: imports nothing of kagent's but errors. The never-exceed rule lives here: a call is
admitted only if its prompt plus the most it may answer fits in what is left; what the provider
reports afterwards is charged. A batch shares one ledger between threads, hence the lock.
"""

from __future__ import annotations

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


class Admission(BaseModel):
    """What the ledger allows for one call: the answer may use at most `max_tokens`."""

    model_config = ConfigDict(extra="forbid")

    prompt_tokens: int
    max_tokens: int


class Ledger:
    """Tokens and dollars spent against optional limits. Thread-safe; reservations are not held:
    callers that share a ledger across threads get the check and the charge as separate steps, so
    a shared budget admits a call only when the reservation itself fits (see `reserve`)."""

    def __init__(
        self,
        token_budget: int | None = None,
        cost_budget_usd: float | None = None,
        spent: LedgerSnapshot | None = None,
    ) -> None:
        if token_budget is not None and token_budget < 0:
            raise ValueError("token_budget must be >= 0")
        self.token_budget = token_budget
        self.cost_budget_usd = cost_budget_usd
        self._lock = threading.Lock()
        self._spent = (spent or LedgerSnapshot()).model_copy()
        self._reserved = 0

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
            self._reserved += prompt_tokens + allowed
            return Admission(prompt_tokens=prompt_tokens, max_tokens=allowed)

    def release(self, admission: Admission) -> None:
        with self._lock:
            self._reserved -= admission.prompt_tokens + admission.max_tokens

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
            self._spent.add_call(prompt_tokens, completion_tokens, cost_usd)

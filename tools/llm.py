"""LLM calls through litellm, under a ledger: count before, charge usage after, never exceed.

- Tokens are counted BEFORE a call with litellm.token_counter (bundled encodings: offline) and
  the call is refused (BudgetExceeded) when prompt + the smallest useful answer does not fit in
  what is left; the answer limit is shrunk to fit otherwise. The provider's usage is charged after.
- Cost comes from litellm's price table (completion_cost), or from `price_model`'s prices.
- Transient provider errors (rate limit, timeout, connection, 5xx) are retried with exponential
  backoff; permanent ones (auth, bad request, unknown model, context window) raise ProviderError
  at once, and so do transient ones that outlast the retries.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict

from kagent.budget import Ledger
from kagent.config import offline_llm_env
from kagent.errors import KagentError

log = logging.getLogger("kagent.tools.llm")

Messages = list[dict[str, str]]


class ProviderError(KagentError):
    """The provider failed for good (permanent error, or transient errors past the retries)."""

    def __init__(
        self, message: str, *, kind: str, permanent: bool, requests: int, errors: list[str] | None = None
    ) -> None:
        super().__init__(message)
        self.errors = errors or []
        self.kind = kind
        self.permanent = permanent
        self.requests = requests


class LLMAnswer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str
    model: str
    counted_prompt_tokens: int
    prompt_tokens: int
    completion_tokens: int
    max_tokens: int
    cost_usd: float | None
    finish_reason: str | None = None
    requests: int = 1
    retries: list[str] = []


def _litellm() -> Any:
    offline_llm_env()
    import litellm

    litellm.suppress_debug_info = True  # it prints help banners to stdout otherwise
    return litellm


def litellm_model(model: str) -> str:
    """The litellm model string for kagent's `--model` value (replay:PATH -> the scripted provider)."""
    if model.startswith("replay:") or model.startswith("script:"):
        from kagent.tools.scripted_llm import register

        return register(model)
    if model.startswith("kagent-scripted/"):
        from kagent.tools.scripted_llm import register

        register(model)
    return model


def count_tokens(model: str, messages: Messages) -> int:
    return int(_litellm().token_counter(model=litellm_model(model), messages=messages))


def count_text_tokens(model: str, text: str) -> int:
    return int(_litellm().token_counter(model=litellm_model(model), text=text))


def _classify(exc: BaseException) -> tuple[str, bool] | None:
    """(kind, transient) for a provider error; None for anything that is not one (a bug)."""
    import litellm.exceptions as le

    transient = (
        le.RateLimitError,
        le.Timeout,
        le.APIConnectionError,
        le.ServiceUnavailableError,
        le.InternalServerError,
        le.BadGatewayError,
    )
    permanent = (
        le.AuthenticationError,
        le.PermissionDeniedError,
        le.NotFoundError,
        le.BadRequestError,
        le.UnprocessableEntityError,
    )
    if isinstance(exc, transient):
        return type(exc).__name__, True
    if isinstance(exc, permanent):
        return type(exc).__name__, False
    if isinstance(exc, le.APIError):
        code = getattr(exc, "status_code", None) or 0
        return f"APIError({code})", code >= 500 or code == 429
    return None


def _cost(litellm: Any, response: Any, model: str, price_model: str | None, p: int, c: int) -> float | None:
    try:
        if price_model:
            pin, pout = litellm.cost_per_token(model=price_model, prompt_tokens=p, completion_tokens=c)
            return float(pin + pout)
        return float(litellm.completion_cost(completion_response=response, model=model))
    except (litellm.exceptions.ModelNotMappedError, litellm.exceptions.NotFoundError, litellm.exceptions.BadRequestError, ValueError, KeyError) as exc:
        log.info("no price for %s (%s): cost not counted", price_model or model, exc)
        return None


def complete(
    messages: Messages,
    *,
    model: str,
    ledger: Ledger,
    max_tokens: int = 4096,
    min_answer_tokens: int = 256,
    retries: int = 3,
    backoff_s: float = 2.0,
    timeout_s: float = 300.0,
    temperature: float = 0.0,
    price_model: str | None = None,
    request_index: int = 0,
    sleep: Callable[[float], None] = time.sleep,
) -> LLMAnswer:
    """One chat completion under `ledger`. Raises BudgetExceeded before calling when it cannot
    fit, ProviderError when the provider fails for good."""
    litellm = _litellm()
    lmodel = litellm_model(model)
    counted = int(litellm.token_counter(model=lmodel, messages=messages))
    # a margin for the provider's tokenizer differing from ours: the budget must hold regardless
    margin = math.ceil(counted * 0.05) + 8
    admission = ledger.reserve(counted + margin, max_tokens, min_answer_tokens=min(min_answer_tokens, max_tokens))
    seen: list[str] = []
    requests = 0
    try:
        while True:
            requests += 1
            try:
                response = litellm.completion(
                    model=lmodel,
                    messages=messages,
                    max_tokens=admission.max_tokens,
                    temperature=temperature,
                    timeout=timeout_s,
                    num_retries=0,
                    metadata={"kagent_request_index": request_index + requests - 1},
                )
                break
            except Exception as exc:  # classified below; anything unknown is re-raised
                cls = _classify(exc)
                if cls is None:
                    raise
                kind, transient = cls
                seen.append(f"{kind}: {str(exc)[:200]}")
                if not transient:
                    raise ProviderError(
                        f"permanent provider error {kind}: {exc}", kind=kind, permanent=True, requests=requests, errors=seen
                    ) from exc
                if requests > retries:
                    raise ProviderError(
                        f"provider error {kind} persisted after {retries} retries: {exc}",
                        kind=kind,
                        permanent=False,
                        requests=requests,
                        errors=seen,
                    ) from exc
                delay = backoff_s * (2 ** (requests - 1))
                log.warning("transient provider error %s; retry %d/%d in %.1fs", kind, requests, retries, delay)
                sleep(delay)
    except BaseException:
        ledger.release(admission)
        raise
    text = response.choices[0].message.content or ""
    usage = getattr(response, "usage", None)
    p = int(getattr(usage, "prompt_tokens", 0) or counted)
    c = int(getattr(usage, "completion_tokens", 0) or litellm.token_counter(model=lmodel, text=text))
    cost = _cost(litellm, response, lmodel, price_model, p, c)
    ledger.charge(admission, p, c, cost)
    return LLMAnswer(
        text=text,
        model=lmodel,
        counted_prompt_tokens=counted,
        prompt_tokens=p,
        completion_tokens=c,
        max_tokens=admission.max_tokens,
        cost_usd=cost,
        finish_reason=getattr(response.choices[0], "finish_reason", None),
        requests=requests,
        retries=seen,
    )

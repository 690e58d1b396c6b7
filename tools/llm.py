"""LLM calls through litellm, under a ledger: count before, charge usage after, never exceed.

The guarantee. A call is made only when its worst case fits in what is left of the budget: the
most the provider can bill for the completion (`max_tokens`, which the provider enforces; it is
shrunk to fit) plus a bound on how the provider can count the prompt. That bound is
- the prompt's UTF-8 bytes + chat framing (PROMPT_FRAMING per message, PROMPT_PAD) for the first
  call to a model whose tokenizer litellm lacks: no tokenizer makes more tokens than bytes (byte
  BPE and SentencePiece with byte fallback make at most one per byte), so this holds whatever
  the provider's tokenizer is;
- afterwards (and from the first call for a model whose own tokenizer litellm has) our count x
  the larger of a safety factor (SAFETY_EXACT / SAFETY_FALLBACK) and CALIBRATION_MARGIN x the
  largest ratio of provider-reported to counted prompt tokens this ledger has seen for the model,
  + SAFETY_PAD; never more than the byte bound.
So the token budget is never exceeded unless a provider reports a completion longer than the
`max_tokens` it was sent, more prompt tokens than the prompt has bytes, or a prompt ratio more than
CALIBRATION_MARGIN above every ratio it reported before. If one does, its usage is charged as
reported (the books stay true), the answer says by how much (`overrun_tokens`), and the caller
makes no further call. A call that cannot keep `min_answer_tokens` is refused (BudgetExceeded;
CostExceeded when the dollar budget is what is spent).
- A deadline (`deadline_s`, the run's remaining wall time) caps every request's timeout and the
  backoff between retries: WallTimeExceeded when it would be passed.
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

from kagent.budget import CallUsage, Ledger
from kagent.config import offline_llm_env
from kagent.errors import BudgetExceeded, KagentError

log = logging.getLogger("kagent.tools.llm")

Messages = list[dict[str, str]]

# reserved prompt = ceil(counted x factor) + pad; the factor depends on whether litellm counted
# with the model's own tokenizer (chat framing still differs a little) or fell back to tiktoken
SAFETY_EXACT = 1.05
SAFETY_FALLBACK = 1.5
SAFETY_PAD = 16
# the hard bound on a prompt: its UTF-8 bytes + framing tokens per message (role markers and
# separators of chat templates) + a pad for the reply's priming
PROMPT_FRAMING = 16
PROMPT_PAD = 16
# once the provider has reported usage: reserve this much above the largest prompt ratio it showed
CALIBRATION_MARGIN = 1.1


class CostExceeded(BudgetExceeded):
    """The dollar budget is spent: the call is refused (the cost guard, not the token budget)."""


class WallTimeExceeded(KagentError):
    """The run's wall time ran out before (or between retries of) a provider request."""

    def __init__(self, message: str, *, requests: int, errors: list[str] | None = None) -> None:
        super().__init__(message)
        self.requests = requests
        self.errors = errors or []


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
    usage: CallUsage
    max_tokens: int
    finish_reason: str | None = None
    requests: int = 1
    retries: list[str] = []
    exact_tokenizer: bool = True


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


def exact_tokenizer(model: str) -> bool:
    """Whether litellm.token_counter counts `model` with the model's own tokenizer (a HuggingFace
    tokenizer it loaded for that family, or the OpenAI encoding of an OpenAI model), rather than
    falling back to an OpenAI encoding for a model that uses another tokenizer."""
    _litellm()
    lmodel = litellm_model(model)
    if lmodel.startswith("kagent-scripted/"):
        from kagent.tools.scripted_llm import counts_like_litellm

        return counts_like_litellm(lmodel)
    from litellm.utils import select_tokenizer

    if select_tokenizer(lmodel).get("type") == "huggingface_tokenizer":
        return True
    try:
        from litellm.litellm_core_utils.token_counter import is_openai_model

        return bool(is_openai_model(lmodel))
    except ImportError:  # older litellm: tiktoken knows OpenAI's model names
        import tiktoken

        try:
            tiktoken.encoding_name_for_model(lmodel.rsplit("/", 1)[-1])
            return True
        except KeyError:
            return False


def reserved_prompt_tokens(counted: int, exact: bool, *, ceiling: int | None = None,
                           ratio: float | None = None) -> int:
    """What a prompt of `counted` tokens (our count) is reserved as: see the module's guarantee.
    `ceiling`: the prompt's hard bound (prompt_ceiling); `ratio`: the largest provider/counted
    prompt ratio seen for the model so far (None before its first reported call)."""
    est = math.ceil(counted * (SAFETY_EXACT if exact else SAFETY_FALLBACK)) + SAFETY_PAD
    if ratio is not None:
        est = max(est, math.ceil(counted * ratio * CALIBRATION_MARGIN) + SAFETY_PAD)
    elif not exact and ceiling is not None:
        return ceiling  # nothing known of this provider's tokenizer yet: the bound that holds for any
    return est if ceiling is None else min(est, ceiling)


def prompt_ceiling(messages: Messages) -> int:
    """The most prompt tokens any provider can count for `messages` (one per UTF-8 byte + framing)."""
    return sum(len(str(m.get("content") or "").encode()) + len(str(m.get("role") or "").encode()) + PROMPT_FRAMING
               for m in messages) + PROMPT_PAD


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
    deadline_s: float | None = None,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> LLMAnswer:
    """One chat completion under `ledger`. Raises BudgetExceeded (CostExceeded for dollars) before
    calling when it cannot fit, ProviderError when the provider fails for good, WallTimeExceeded
    when `deadline_s` seconds (from now) run out first: every request's timeout and every backoff
    are capped by it, retries included."""
    litellm = _litellm()
    lmodel = litellm_model(model)
    t0 = clock()

    def left() -> float | None:
        return None if deadline_s is None else deadline_s - (clock() - t0)

    counted = int(litellm.token_counter(model=lmodel, messages=messages))
    exact = exact_tokenizer(model)
    ratio = ledger.prompt_ratio(model)
    reserved_prompt = reserved_prompt_tokens(counted, exact, ceiling=prompt_ceiling(messages), ratio=ratio)
    if ledger.cost_exhausted():
        snap = ledger.snapshot()
        raise CostExceeded(f"cost budget ${ledger.cost_budget_usd:.4f} spent (${snap.cost_usd:.4f})")
    try:
        admission = ledger.reserve(reserved_prompt, max_tokens, min_answer_tokens=min(min_answer_tokens, max_tokens))
    except BudgetExceeded as exc:
        rem = ledger.remaining_tokens()
        tokens_fit = rem is None or min(max_tokens, rem - reserved_prompt) >= min(min_answer_tokens, max_tokens)
        if tokens_fit or ledger.cost_exhausted():  # the dollars refused it (spent, or its priced reservation)
            raise CostExceeded(str(exc)) from exc
        how = (f"its byte bound {reserved_prompt}: litellm has no tokenizer of this model and the provider has "
               "not reported a call yet" if ratio is None and not exact else
               f"reserved {reserved_prompt}" + (f", the provider counted up to x{ratio:.2f}" if ratio else ""))
        raise BudgetExceeded(f"{exc} (prompt counted {counted}, {how})") from exc
    seen: list[str] = []
    requests = 0
    try:
        while True:
            rem = left()
            if rem is not None and rem <= 0:
                raise WallTimeExceeded(
                    f"the run's wall time ran out before provider request {requests + 1}", requests=requests, errors=seen
                )
            requests += 1
            try:
                response = litellm.completion(
                    model=lmodel,
                    messages=messages,
                    max_tokens=admission.max_tokens,
                    temperature=temperature,
                    timeout=timeout_s if rem is None else min(timeout_s, rem),
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
                rem = left()
                if rem is not None and delay >= rem:
                    raise WallTimeExceeded(
                        f"transient provider error {kind}; the retry backoff of {delay:.1f} s does not fit in the "
                        f"{max(rem, 0.0):.1f} s of wall time left",
                        requests=requests,
                        errors=seen,
                    ) from exc
                log.warning("transient provider error %s; retry %d/%d in %.1fs", kind, requests, retries, delay)
                sleep(delay)
    except BaseException:
        ledger.release(admission)
        raise
    text = response.choices[0].message.content or ""
    usage = getattr(response, "usage", None)
    # no usage reported: charge what was reserved for the prompt, and our count of the answer with
    # the same margin (capped at the answer limit): the estimate errs on the side of the budget
    p = int(getattr(usage, "prompt_tokens", 0) or admission.prompt_tokens)
    c = int(
        getattr(usage, "completion_tokens", 0)
        or min(admission.max_tokens, reserved_prompt_tokens(int(litellm.token_counter(model=lmodel, text=text)), exact))
    )
    cost = _cost(litellm, response, lmodel, price_model, p, c)
    ledger.charge(admission, p, c, cost)
    if getattr(usage, "prompt_tokens", 0):
        ledger.observe_prompt(model, counted, p)
    reserved = admission.prompt_tokens + admission.max_tokens
    overrun = max(0, p + c - reserved)
    rem_after = ledger.remaining_tokens()
    budget_overrun = max(0, -rem_after) if rem_after is not None else 0
    if overrun:
        log.warning("the provider reported %d+%d tokens for a call reserved at %d (%d over)", p, c, reserved, overrun)
    return LLMAnswer(
        text=text,
        model=lmodel,
        usage=CallUsage(counted_prompt_tokens=counted, prompt_tokens=p, completion_tokens=c, cost_usd=cost,
                        reserved_tokens=reserved, overrun_tokens=overrun, budget_overrun_tokens=budget_overrun),
        max_tokens=admission.max_tokens,
        finish_reason=getattr(response.choices[0], "finish_reason", None),
        requests=requests,
        retries=seen,
        exact_tokenizer=exact,
    )

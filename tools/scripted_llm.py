"""A scripted litellm provider ("kagent-scripted") and deterministic replay of a recorded run.

    --model script:answers.yaml     answers (and provider errors) come from a script file
    --model replay:RUN/trajectory.jsonl   the LLM answers and errors a run recorded, by request index

A script is YAML or JSON: a list (or {answers: [...], usage_factor: F}) whose items are an
answer text, or {text: ..., usage_factor: F}, or {error: rate_limit|timeout|unavailable|server|
connection|auth|bad_request|not_found, message: ...}. The answer for a request is chosen by the
request's index (passed by kagent.tools.llm in the request metadata), so a resumed run gets the
same answers. Usage is real: prompt tokens counted by litellm's token_counter, the answer cut at
max_tokens; `usage_factor` (default 1) multiplies the usage the provider reports, standing in for
a provider whose tokenizer counts more than litellm's fallback encoding does (its answer is cut
where ITS count reaches max_tokens, as a real provider's is); an answer's `overreport: F` makes
the provider bill F x the completion regardless of max_tokens (a misbehaving provider).

The provider is registered in litellm.custom_provider_map on first use (never at import).
"""

from __future__ import annotations

import hashlib
import json
import math
import threading
from pathlib import Path
from typing import Any

import yaml

from kagent.config import offline_llm_env

PROVIDER = "kagent-scripted"

# litellm maps a CustomLLMError's status code to its exception classes
ERROR_STATUS = {
    "rate_limit": 429,
    "timeout": 408,
    "unavailable": 503,
    "server": 500,
    "bad_gateway": 502,
    "connection": 500,
    "auth": 401,
    "permission": 403,
    "bad_request": 400,
    "not_found": 404,
    "unprocessable": 422,
}
# litellm exception class name (as recorded in a trajectory) -> script error kind
KIND_OF_EXCEPTION = {
    "RateLimitError": "rate_limit",
    "Timeout": "timeout",
    "ServiceUnavailableError": "unavailable",
    "InternalServerError": "server",
    "BadGatewayError": "bad_gateway",
    "APIConnectionError": "connection",
    "AuthenticationError": "auth",
    "PermissionDeniedError": "permission",
    "BadRequestError": "bad_request",
    "NotFoundError": "not_found",
    "UnprocessableEntityError": "unprocessable",
}

_lock = threading.Lock()
_scripts: dict[str, list[dict[str, Any]]] = {}
_handler: Any = None


def _factor(value: Any, origin: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise ValueError(f"{origin}: usage_factor must be a positive number, not {value!r}")
    return float(value)


def _normalise(items: Any, origin: str) -> list[dict[str, Any]]:
    default_factor = 1.0
    if isinstance(items, dict) and "answers" in items:
        default_factor = _factor(items.get("usage_factor", 1.0), origin)
        items = items["answers"]
    if not isinstance(items, list):
        raise ValueError(f"{origin}: a script is a list of answers (or {{answers: [...]}})")
    out: list[dict[str, Any]] = []
    for i, it in enumerate(items):
        if isinstance(it, str):
            out.append({"text": it, "usage_factor": default_factor})
        elif isinstance(it, dict) and "text" in it:
            out.append({"text": str(it["text"]), "usage_factor": _factor(it.get("usage_factor", default_factor), origin)})
            if "overreport" in it:
                out[-1]["overreport"] = _factor(it["overreport"], origin)
        elif isinstance(it, dict) and it.get("error") in ERROR_STATUS:
            out.append({"error": it["error"], "message": str(it.get("message", it["error"]))})
        else:
            raise ValueError(f"{origin}: item {i} is neither an answer nor a known error: {it!r}")
    return out


def load_script(path: Path) -> list[dict[str, Any]]:
    return _normalise(yaml.safe_load(Path(path).read_text()), str(path))


def script_from_trajectory(path: Path) -> list[dict[str, Any]]:
    """The provider's side of a recorded run: every error it raised and every answer, placed at
    the provider request index the run recorded (`request_index` of the call + the retry), so a
    trajectory whose events were logged twice (a node re-run on resume) or out of order replays
    the same requests. A request index recorded twice keeps its first record; one never recorded
    becomes an error. Trajectories without request indices are replayed in file order."""
    by_index: dict[int, dict[str, Any]] = {}
    in_order: list[dict[str, Any]] = []
    indexed = True
    for line in Path(path).read_text().splitlines():
        if not line.strip():
            continue
        try:
            ev = json.loads(line)
        except ValueError:  # a line cut short when the recorded run was killed mid-write
            continue
        if ev.get("event") not in ("llm_answer", "llm_error", "llm_wall_time"):
            continue
        items: list[dict[str, Any]] = []
        for err in ev.get("retries", []):
            kind = KIND_OF_EXCEPTION.get(err.split(":", 1)[0], "server")
            items.append({"error": kind, "message": f"replayed {err}"})
        if ev["event"] == "llm_answer":
            items.append({"text": ev["answer"], "usage_factor": 1.0})
        elif ev["event"] == "llm_error":
            kind = KIND_OF_EXCEPTION.get(ev.get("kind", ""), "bad_request")
            items.append({"error": kind, "message": f"replayed {ev.get('message', '')}"})
        in_order.extend(items)
        start = ev.get("request_index")
        if not isinstance(start, int) or isinstance(start, bool):
            indexed = False
            continue
        for i, item in enumerate(items):
            by_index.setdefault(start + i, item)
    if not indexed or not by_index:
        return in_order
    return [
        by_index.get(i, {"error": "bad_request", "message": f"replay: request {i} was not recorded in {path}"})
        for i in range(max(by_index) + 1)
    ]


def _make_handler() -> Any:
    offline_llm_env()
    import litellm
    from litellm import CustomLLM
    from litellm.llms.custom_llm import CustomLLMError

    class ScriptedLLM(CustomLLM):
        """Answers from a registered script, chosen by the request index."""

        def __init__(self) -> None:
            super().__init__()
            self.next_index: dict[str, int] = {}

        def completion(self, model: str, messages: list, *args: Any, **kwargs: Any) -> Any:
            optional_params = kwargs.get("optional_params") or {}
            litellm_params = kwargs.get("litellm_params") or {}
            model_response = kwargs.get("model_response")
            key = model.split("/", 1)[-1]
            script = _scripts.get(key)
            if script is None:
                raise CustomLLMError(404, f"no script registered as {key!r}")
            meta = litellm_params.get("metadata") or {}
            with _lock:
                idx = meta.get("kagent_request_index")
                if idx is None:
                    idx = self.next_index.get(key, 0)
                self.next_index[key] = int(idx) + 1
            if idx >= len(script):
                raise CustomLLMError(400, f"script exhausted: request {idx} but only {len(script)} answers")
            item = script[idx]
            if "error" in item:
                raise CustomLLMError(ERROR_STATUS[item["error"]], item["message"])
            text = item["text"]
            lmodel = f"{PROVIDER}/{key}"
            prompt_tokens = int(litellm.token_counter(model=lmodel, messages=messages))
            max_tokens = optional_params.get("max_tokens")
            finish = "stop"
            factor = float(item.get("usage_factor", 1.0))
            toks = litellm.encode(model=lmodel, text=text)
            # the answer is cut where the provider's own count reaches max_tokens (as a real provider does)
            if max_tokens is not None and math.ceil(len(toks) * factor) > int(max_tokens):
                toks = toks[: max(0, math.floor(int(max_tokens) / factor))]
                text = litellm.decode(model=lmodel, tokens=toks)
                finish = "length"
            completion_tokens = len(toks)
            if factor != 1.0:  # a provider whose tokenizer counts differently from ours
                prompt_tokens = math.ceil(prompt_tokens * factor)
                completion_tokens = math.ceil(completion_tokens * factor)
            if item.get("overreport"):  # a provider that bills beyond what it was asked for (a bug)
                completion_tokens = max(completion_tokens, math.ceil(completion_tokens * float(item["overreport"])))
            resp = litellm.ModelResponse(
                model=lmodel,
                choices=[{"index": 0, "finish_reason": finish, "message": {"role": "assistant", "content": text}}],
                usage={
                    "prompt_tokens": prompt_tokens,
                    "completion_tokens": completion_tokens,
                    "total_tokens": prompt_tokens + completion_tokens,
                },
            )
            if model_response is not None:
                model_response.choices = resp.choices
                model_response.usage = resp.usage  # type: ignore[attr-defined]
                model_response.model = lmodel
                return model_response
            return resp

    return ScriptedLLM()


def counts_like_litellm(lmodel: str) -> bool:
    """Whether the scripted provider `lmodel` (kagent-scripted/KEY) reports usage exactly as
    litellm's token_counter counts it: its own tokenizer IS litellm's unless a usage_factor or an
    overreport says otherwise."""
    items = _scripts.get(lmodel.split("/", 1)[-1])
    return items is not None and all(it.get("usage_factor", 1.0) == 1.0 and "overreport" not in it
                                     for it in items if "text" in it)


def register(model: str) -> str:
    """Register the script named by `model` (script:PATH, replay:PATH, kagent-scripted/PATH or
    kagent-scripted/KEY already registered) and return the litellm model string."""
    global _handler
    if model.startswith(f"{PROVIDER}/") and model.split("/", 1)[1] in _scripts:
        key = model.split("/", 1)[1]
    else:
        if model.startswith("replay:"):
            path = Path(model[len("replay:") :])
            if path.is_dir():
                path = path / "trajectory.jsonl"
            items = script_from_trajectory(path)
        else:
            raw = model.split(":", 1)[1] if model.startswith("script:") else model.split("/", 1)[1]
            path = Path(raw)
            items = load_script(path)
        key = "s" + hashlib.sha256(f"{model}|{path.resolve()}|{json.dumps(items)}".encode()).hexdigest()[:16]
        with _lock:
            _scripts[key] = items
    offline_llm_env()
    import litellm

    with _lock:
        if _handler is None:
            _handler = _make_handler()
        entries = [e for e in (litellm.custom_provider_map or []) if e.get("provider") != PROVIDER]
        entries.append({"provider": PROVIDER, "custom_handler": _handler})
        litellm.custom_provider_map = entries
    return f"{PROVIDER}/{key}"

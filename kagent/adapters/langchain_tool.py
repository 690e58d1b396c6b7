"""kagent inside a LangChain / LangGraph agent: as tools, or as graph nodes.

    from kagent.adapters.langchain_tool import kagent_tools, verify_node, repair_node

    tools = kagent_tools()                      # StructuredTools: verify_kernel, check_cheats, repair_kernel,
    llm.bind_tools(tools); ToolNode(tools)      #   search_patterns, add_pattern (args = kagent.adapters.toolkit models)
    graph.add_node("verify", verify_node())     # state["candidate"], state["reference"] -> state["verify_report"]
    graph.add_node("repair", repair_node(token_budget=20_000))  # -> state["repair_summary"]

Each tool answers with a compact JSON string for the model and the pydantic result as the
ToolMessage's artifact (response_format="content_and_artifact"). Errors kagent raises on purpose
(bad input, a failing reference) come back to the model as tool errors it can read.

Uses kagent.adapters.toolkit; langchain-core is imported here only.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from kagent.adapters import toolkit
from kagent.config import VerifyConfig

SUMMARY_FIELDS = {
    "verify_kernel": ("verdict", "failure_class", "summary", "seconds"),
    "check_cheats": ("verdict", "checks"),
    "repair_kernel": ("status", "reason", "repaired_path", "attempts", "tokens", "run_dir"),
}


def _content(name: str, result: BaseModel) -> str:
    """What the model reads: the key fields (and the error findings) as JSON."""
    data = result.model_dump(mode="json")
    keys = SUMMARY_FIELDS.get(name)
    if keys is None:
        return json.dumps(data)
    short: dict[str, Any] = {k: data.get(k) for k in keys}
    if "findings" in data:
        short["findings"] = [f"{f['check']}: {f['message']}"[:300] for f in data["findings"] if f["severity"] == "error"][:8]
    return json.dumps(short)


def kagent_tools(names: list[str] | None = None, patterns_dir: str | None = None) -> list[Any]:
    """kagent's tools as LangChain StructuredTools (all five unless `names` picks some)."""
    from langchain_core.tools import StructuredTool, ToolException

    from kagent.errors import KagentError

    out = []
    for name, (args_model, impl) in toolkit.TOOLS.items():
        if names is not None and name not in names:
            continue

        def run(_name: str = name, _model: type[BaseModel] = args_model, _impl: Callable[..., Any] = impl,
                **kwargs: Any) -> tuple[str, BaseModel]:
            args = _model.model_validate(kwargs)
            try:
                extra = {"patterns_dir": patterns_dir} if _name in ("search_patterns", "add_pattern") else {}
                result = _impl(args, **extra)
            except (KagentError, FileNotFoundError) as exc:
                raise ToolException(f"{type(exc).__name__}: {exc}") from exc
            return _content(_name, result), result

        out.append(StructuredTool.from_function(
            func=run, name=name, description=(impl.__doc__ or name).strip(), args_schema=args_model,
            response_format="content_and_artifact", handle_tool_error=True,
        ))
    return out


def _get(state: Any, key: str) -> Any:
    return state.get(key) if isinstance(state, dict) else getattr(state, key, None)


def verify_node(
    config: VerifyConfig | None = None,
    candidate_key: str = "candidate",
    reference_key: str = "reference",
    out_key: str = "verify_report",
) -> Callable[[Any], dict[str, Any]]:
    """A LangGraph node: verifies state[candidate_key] against state[reference_key] and writes the
    VerifyReport to state[out_key]."""

    def node(state: Any) -> dict[str, Any]:
        from kagent.api import verify

        return {out_key: verify(_get(state, candidate_key), _get(state, reference_key), config=config)}

    return node


def repair_node(
    token_budget: int,
    model: str | None = None,
    verify_config: VerifyConfig | None = None,
    runs_dir: str = "runs",
    max_attempts: int | None = None,
    candidate_key: str = "candidate",
    reference_key: str = "reference",
    out_key: str = "repair_summary",
) -> Callable[[Any], dict[str, Any]]:
    """A LangGraph node: repairs state[candidate_key] under `token_budget`; writes the RepairSummary
    to state[out_key] and, when repaired, the repaired file's path to state[candidate_key]."""

    def node(state: Any) -> dict[str, Any]:
        args = toolkit.RepairKernelArgs(candidate=str(_get(state, candidate_key)),
                                        reference=_get(state, reference_key) and str(_get(state, reference_key)),
                                        token_budget=token_budget, model=model, runs_dir=runs_dir,
                                        max_attempts=max_attempts, verify=verify_config)
        summary = toolkit.repair_kernel(args)
        update: dict[str, Any] = {out_key: summary}
        if summary.repaired_path:
            update[candidate_key] = summary.repaired_path
        return update

    return node

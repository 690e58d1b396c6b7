"""`kagent mcp`: kagent as an MCP server over stdio (the official `mcp` SDK, MCPServer).

Tools: verify_kernel, check_cheats, repair_kernel, search_patterns, add_pattern — the functions of
kagent.adapters.toolkit, their input schemas generated from its pydantic argument models and their results
returned as structured content (the pydantic result models). While serving, the SDK points fd 1 at
stderr, so only protocol messages reach stdout; kagent's logging goes to stderr.

An entry point beside the CLI.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

from kagent.adapters import toolkit
from kagent.procs import die_on_hangup, die_with_parent
from kagent.repair.state import RepairSummary
from kagent.report import VerifyReport

log = logging.getLogger("kagent.mcp")

RETURNS: dict[str, Any] = {
    "verify_kernel": VerifyReport,
    "check_cheats": toolkit.CheatCheck,
    "repair_kernel": RepairSummary,
    "search_patterns": toolkit.PatternHits,
    "add_pattern": toolkit.PatternAdded,
}

INSTRUCTIONS = (
    "kagent verifies GPU kernels (KernelBench format: a candidate file with class ModelNew, a reference file "
    "with class Model, get_inputs, get_init_inputs) against their reference, catches cheating kernels, and "
    "repairs near-miss kernels under a token budget. Paths are files on the server's machine."
)


def _user_errors(impl: Any) -> Any:
    """kagent's deliberate errors (bad input, a failing reference, budget) reach the client with
    their message as tool errors; anything else stays a crash whose text stays on the server."""
    from mcp.server.mcpserver.exceptions import ToolError

    from kagent.errors import KagentError

    @functools.wraps(impl)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return impl(*args, **kwargs)
        except (KagentError, FileNotFoundError) as exc:
            raise ToolError(f"{type(exc).__name__}: {exc}") from exc

    return call


def build_server(patterns_dir: str | None = None) -> Any:
    """The MCPServer with kagent's tools (not started)."""
    from mcp.server.mcpserver import MCPServer

    server = MCPServer(name="kagent", instructions=INSTRUCTIONS, version="0.1.0", log_level="WARNING")
    for name, (args_model, impl) in toolkit.TOOLS.items():
        if name in ("search_patterns", "add_pattern"):
            impl = functools.wraps(impl)(functools.partial(impl, patterns_dir=patterns_dir))
        fn = toolkit.keyword_function(name, args_model, _user_errors(impl), RETURNS[name])
        server.add_tool(fn, name=name, description=(impl.__doc__ or name).strip(), structured_output=True)
        _forbid_unknown_arguments(server, name)
    return server


def _forbid_unknown_arguments(server: Any, name: str) -> None:
    """The SDK derives a tool's argument model from the function's signature and ignores unknown
    arguments; make it reject them (a misspelt option must not silently fall back to its default)
    and say so in the published input schema (additionalProperties: false)."""
    from pydantic import ConfigDict

    tool = server._tool_manager.get_tool(name)
    base = tool.fn_metadata.arg_model
    strict = type(base.__name__, (base,), {"model_config": ConfigDict(**{**base.model_config, "extra": "forbid"}),
                                           "__module__": base.__module__})
    tool.fn_metadata.arg_model = strict
    tool.parameters = strict.model_json_schema(by_alias=True)


def serve(patterns_dir: str | None = None) -> None:
    """Serve over stdio until the client closes stdin.

    A tool call runs in a thread the SDK cannot cancel, so a client that goes away mid-call (killed,
    or closing the pipe after its own time-out) would leave the call running, and with it a verify
    worker spinning in a hung candidate. The server therefore ends itself and everything below it
    when its client dies (die_with_parent) or closes stdin while a call is still running (die_on_hangup).
    """
    server = build_server(patterns_dir)
    die_with_parent()
    die_on_hangup(0)
    server.run("stdio")

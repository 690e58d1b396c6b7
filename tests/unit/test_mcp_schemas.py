"""The MCP tools' input schemas: closed (additionalProperties: false, unknown arguments rejected
at call time) and documented (every property, nested models included, has a description)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import mcp  # noqa: F401  (a required dependency: a broken install fails here)

from kagent.adapters.mcp_server import build_server  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return build_server(patterns_dir=str(tmp_path_factory.mktemp("store")))


def _objects(schema: dict, where: str) -> list[tuple[str, dict]]:
    out = []
    if schema.get("type") == "object" and "properties" in schema:
        out.append((where, schema))
    for name, sub in schema.get("$defs", {}).items():
        out += _objects(sub, f"{where}#{name}")
    return out


def test_every_tool_schema_is_closed_and_documented(server: Any) -> None:
    tools = asyncio.run(server.list_tools())
    assert {t.name for t in tools} == {"verify_kernel", "check_cheats", "repair_kernel", "search_patterns",
                                       "add_pattern"}
    for t in tools:
        objects = _objects(t.input_schema, t.name)
        assert objects, t.name
        for where, obj in objects:
            assert obj.get("additionalProperties") is False, f"{where} accepts unknown arguments"
            for prop, spec in obj["properties"].items():
                assert spec.get("description"), f"{where}.{prop} has no description"


@pytest.mark.parametrize("tool,args", [
    ("search_patterns", {"query": "mask", "kk": 3}),  # a misspelt k
    ("verify_kernel", {"candidate": "x.py", "seeds": 2, "timeout": 5}),
    ("repair_kernel", {"candidate": "x.py", "token_budget": 0, "verify": {"seeds": 1, "bogus": True}}),
])
def test_unknown_arguments_are_rejected(server: Any, tool: str, args: dict) -> None:
    from mcp.server.mcpserver.exceptions import ToolError

    with pytest.raises(ToolError, match="Extra inputs are not permitted"):
        asyncio.run(server.call_tool(tool, args))


def test_known_arguments_still_work(server: Any) -> None:
    out = asyncio.run(server.call_tool("search_patterns", {"query": "tl.load without mask reads past the end",
                                                           "k": 2}))
    text = str(out)
    assert "hits" in text

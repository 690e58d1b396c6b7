"""`kagent mcp` through a real MCP client (the official SDK's stdio client) launching
`python -m kagent.cli mcp`; and a raw check that the server's stdout carries only JSON-RPC."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

import anyio
import pytest

from kagent.config import VerifyConfig
from kagent.patterns.schema import Pattern

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus"
EXAMPLES = ROOT / "kagent" / "examples"
SMALL = {"device": "cpu", "seeds": 1, "stress": False, "max_shape_cases": 1, "timeout_s": 120}


def _env(tmp_path) -> dict[str, str]:
    env = dict(os.environ, KAGENT_PATTERNS_DIR=str(tmp_path / "patterns"), KAGENT_MODEL="offline")
    env.pop("KAGENT_MODEL")
    return env


def _structured(result) -> dict:
    assert not result.is_error, result.content
    return result.structured_content


def test_real_mcp_client_over_stdio(tmp_path):
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, args=["-m", "kagent.cli", "mcp"], env=_env(tmp_path),
                                   cwd=str(tmp_path))
    pattern = Pattern.model_validate({
        "id": "test-zebra-stripes", "title": "Zebra-striped output from a swapped stride", "backends": ["triton"],
        "symptoms": {"failure_classes": ["numerical_mismatch"], "mismatch_signatures": ["zebra"]},
        "explanation": "Alternate rows come out wrong when the row stride and column stride are swapped.",
        "provenance": {"kind": "public", "source": "test"}})

    async def session() -> dict:
        out: dict = {}
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as s:
                await s.initialize()
                tools = {t.name: t for t in (await s.list_tools()).tools}
                out["tools"] = tools
                out["cheat"] = await s.call_tool("check_cheats", {
                    "candidate": str(CORPUS / "cheats" / "torch_matmul.py"),
                    "reference": str(CORPUS / "cheats" / "problems" / "matmul.py")})
                out["clean"] = await s.call_tool("check_cheats", {
                    "candidate": str(CORPUS / "correct" / "softmax.py"),
                    "reference": str(CORPUS / "problems" / "softmax.py")})
                out["verify"] = await s.call_tool("verify_kernel", {
                    "candidate": str(CORPUS / "nearmiss" / "softmax_missing_mask.py"),
                    "reference": str(CORPUS / "problems" / "softmax.py"), **SMALL})
                out["bad"] = await s.call_tool("verify_kernel", {"candidate": str(tmp_path / "missing.py")})
                out["invalid"] = await s.call_tool("verify_kernel", {"candidate": "x.py", "seeds": 0})
                out["search"] = await s.call_tool("search_patterns", {"query": "unmasked store past the end of the row",
                                                                      "k": 3})
                out["add"] = await s.call_tool("add_pattern", {"pattern": pattern.model_dump(mode="json")})
                out["found"] = await s.call_tool("search_patterns", {"query": "zebra striped rows swapped stride"})
                out["repair"] = await s.call_tool("repair_kernel", {
                    "candidate": str(EXAMPLES / "softmax_nearmiss.py"), "reference": str(EXAMPLES / "softmax_problem.py"),
                    "token_budget": 0, "model": "offline", "runs_dir": str(tmp_path / "runs"), "verify": SMALL})
        return out

    out = anyio.run(session)
    tools = out["tools"]
    assert set(tools) == {"verify_kernel", "check_cheats", "repair_kernel", "search_patterns", "add_pattern"}
    # input schemas come from the CLI's pydantic models
    vprops = tools["verify_kernel"].input_schema["properties"]
    for name, spec in VerifyConfig.model_json_schema()["properties"].items():
        assert vprops[name]["default"] == spec["default"] and vprops[name].get("minimum") == spec.get("minimum")
    assert tools["verify_kernel"].input_schema["required"] == ["candidate"]
    assert "token_budget" in tools["repair_kernel"].input_schema["required"]
    assert "Pattern" in json.dumps(tools["add_pattern"].input_schema)

    cheat = _structured(out["cheat"])
    assert cheat["verdict"] == "cheat" and any(f["check"].startswith("anticheat") for f in cheat["findings"])
    assert _structured(out["clean"])["verdict"] == "clean"
    v = _structured(out["verify"])
    assert v["verdict"] == "fail" and v["failure_class"] == "out_of_bounds"
    assert out["bad"].is_error and "missing.py" in out["bad"].content[0].text
    assert out["invalid"].is_error
    hits = _structured(out["search"])["hits"]
    assert hits and "triton-missing-mask-tail" in [h["id"] for h in hits]
    assert _structured(out["add"]) == {"id": "test-zebra-stripes", "status": "added"}
    assert _structured(out["found"])["hits"][0]["id"] == "test-zebra-stripes"
    assert (tmp_path / "patterns" / "learned" / "test-zebra-stripes.yaml").is_file()
    rep = _structured(out["repair"])
    assert rep["status"] == "repaired" and rep["tokens"] == 0 and Path(rep["repaired_path"]).is_file()


def test_stdout_carries_only_protocol_messages(tmp_path):
    """Raw JSON-RPC over the pipe, with --verbose logging on: every stdout line is a JSON-RPC message."""
    msgs = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "check_cheats", "arguments": {
            "candidate": str(CORPUS / "cheats" / "try_fallback.py"), "reference": str(CORPUS / "problems" / "softmax.py")}}},
        {"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "check_cheats", "arguments": {
            "candidate": str(ROOT / "tests" / "unit" / "verify_fixtures" / "syntax_error.py"),
            "reference": str(CORPUS / "problems" / "softmax.py")}}},
    ]
    p = subprocess.Popen([sys.executable, "-m", "kagent.cli", "mcp", "--verbose"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(tmp_path), cwd=tmp_path)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in p.stdout], daemon=True).start()
    for m in msgs:
        p.stdin.write(json.dumps(m) + "\n")
        p.stdin.flush()
    replies = []
    try:
        while not {3, 4} <= {r.get("id") for r in replies}:
            line = lines.get(timeout=120)
            if line.strip():
                replies.append(json.loads(line))  # raises on anything that is not JSON
    finally:
        p.stdin.close()
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
    while not lines.empty():
        line = lines.get()
        if line.strip():
            replies.append(json.loads(line))
    assert all(r.get("jsonrpc") == "2.0" for r in replies)
    by_id = {r["id"]: r for r in replies if "id" in r}
    assert set(by_id) >= {1, 2, 3, 4}
    assert by_id[3]["result"]["structuredContent"]["verdict"] == "cheat"
    assert by_id[4]["result"]["isError"] is True  # a bad input is a tool error, not a crash

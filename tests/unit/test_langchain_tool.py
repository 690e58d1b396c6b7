"""kagent as LangChain tools and LangGraph nodes; the runnable example graph end to end (offline)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

from kagent.adapters import toolkit
from kagent.adapters.langchain_tool import kagent_tools

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus"


def test_tools_share_the_toolkit_schemas():
    tools = {t.name: t for t in kagent_tools()}
    assert set(tools) == set(toolkit.TOOLS)
    for name, t in tools.items():
        assert t.args_schema is toolkit.TOOLS[name][0]
    assert tools["verify_kernel"].args["seeds"]["minimum"] == 1  # VerifyConfig's constraint


def test_tool_call_gives_json_content_and_the_pydantic_artifact():
    (cheats,) = kagent_tools(["check_cheats"])
    msg = cheats.invoke({"type": "tool_call", "id": "c1", "name": "check_cheats", "args": {
        "candidate": str(CORPUS / "cheats" / "torch_matmul.py"), "reference": str(CORPUS / "cheats" / "problems" / "matmul.py")}})
    assert msg.tool_call_id == "c1" and isinstance(msg.artifact, toolkit.CheatCheck)
    assert msg.artifact.verdict == "cheat" and json.loads(msg.content)["verdict"] == "cheat"
    bad = cheats.invoke({"type": "tool_call", "id": "c2", "name": "check_cheats", "args": {"candidate": "/nonexistent.py"}})
    assert "InputError" in bad.content and "/nonexistent.py" in bad.content  # the model reads the error


def test_the_langgraph_example_repairs_its_own_proposal(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("KAGENT_PATTERNS_DIR", str(tmp_path / "patterns"))
    spec = importlib.util.spec_from_file_location("langgraph_agent", ROOT / "examples" / "langgraph_agent.py")
    mod = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "langgraph_agent", mod)  # its TypedDict state resolves names there
    spec.loader.exec_module(mod)
    assert mod.main(["--quick", "--workdir", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["final_verdict"] == "pass" and out["repair_calls"] == 1
    assert json.loads(out["tool_answer"])["status"] == "repaired"
    assert Path(out["final_candidate"]).name == "repaired_proposal.py"

"""The pattern library as data: the shipped seeds validate, bad pattern files are rejected clearly."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from kagent.patterns.schema import (
    PatternFileError,
    dump_pattern_yaml,
    library_dir,
    load_directory,
    load_pattern_file,
    load_pattern_text,
)
from kagent.patterns.transforms import TRANSFORMS

GOOD = """\
id: my-pattern
title: A test pattern
backends: [triton]
symptoms:
  failure_classes: [numerical_mismatch]
  error_regexes: ["boom \\\\d+"]
explanation: Something that is long enough to explain.
provenance: {kind: seed, source: test}
"""


def test_seed_library_sizes_and_fixes() -> None:
    patterns = load_directory(library_dir())
    per_backend = Counter(b for p in patterns for b in p.backends)
    assert len(patterns) >= 45
    assert per_backend["triton"] >= 25 and per_backend["cuda"] >= 10
    assert per_backend["ptx"] >= 5 and per_backend["amdgpu"] >= 5
    fixes = {p.fix for p in patterns if p.fix}
    assert sum(1 for p in patterns if p.fix) >= 15
    assert fixes <= set(TRANSFORMS)
    assert len(TRANSFORMS) >= 15
    assert set(TRANSFORMS) == fixes, "every registered transform is the fix of some pattern"


def test_good_pattern_round_trips_through_yaml() -> None:
    p = load_pattern_text(GOOD, "good.yaml")
    again = load_pattern_text(dump_pattern_yaml(p), "again.yaml")
    assert again == p
    assert p.outcomes.successes == 0


@pytest.mark.parametrize(
    "edit, message",
    [
        (("[numerical_mismatch]", "[not_a_class]"), "symptoms.failure_classes.0"),
        (("backends: [triton]", "backends: [opencl]"), "backends.0"),
        (("backends: [triton]", "backends: []"), "backends"),
        (('"boom \\\\d+"', '"boom ("'), "does not compile"),
        (("id: my-pattern", "id: My Pattern!"), "id"),
        (("provenance: {kind: seed, source: test}", "provenance: {kind: learned, source: test}"), "provenance.run"),
        (("explanation: Something that is long enough to explain.\n", ""), "explanation: Field required"),
        (("title: A test pattern", "title: A test pattern\nextra_field: 1"), "extra_field"),
    ],
)
def test_bad_patterns_rejected_with_the_field_named(edit: tuple[str, str], message: str) -> None:
    text = GOOD.replace(*edit)
    assert text != GOOD
    with pytest.raises(PatternFileError) as err:
        load_pattern_text(text, "bad.yaml")
    assert "bad.yaml" in str(err.value) and message in str(err.value)


def test_unknown_fix_and_fix_on_non_triton_rejected() -> None:
    with pytest.raises(PatternFileError, match="not a registered transform"):
        load_pattern_text(GOOD + "fix: make_it_work\n", "x.yaml")
    with pytest.raises(PatternFileError, match="backends must include triton"):
        load_pattern_text(GOOD.replace("[triton]", "[cuda]") + "fix: grid_cdiv\n", "x.yaml")


def test_not_yaml_and_not_a_mapping(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("id: [unclosed\n")
    with pytest.raises(PatternFileError, match="not valid YAML"):
        load_pattern_file(tmp_path / "a.yaml")
    (tmp_path / "a.yaml").write_text("- just\n- a list\n")
    with pytest.raises(PatternFileError, match="expected a mapping"):
        load_pattern_file(tmp_path / "a.yaml")


def test_markdown_front_matter_body_is_the_explanation(tmp_path: Path) -> None:
    head = GOOD.replace("explanation: Something that is long enough to explain.\n", "")
    (tmp_path / "p.md").write_text(f"---\n{head}---\nThe body explains the bug in prose.\n")
    assert load_pattern_file(tmp_path / "p.md").explanation == "The body explains the bug in prose."
    (tmp_path / "q.md").write_text(head)
    with pytest.raises(PatternFileError, match="front matter"):
        load_pattern_file(tmp_path / "q.md")


def test_duplicate_ids_in_a_directory(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(GOOD)
    (tmp_path / "b.yaml").write_text(GOOD)
    with pytest.raises(PatternFileError, match="duplicate pattern id 'my-pattern'"):
        load_directory(tmp_path)

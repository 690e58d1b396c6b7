"""The repair pattern as data: pydantic models, and loading/validating pattern files.

A pattern file is YAML (`*.yaml`) or Markdown with YAML front matter (`*.md`; the body after
the front matter becomes `explanation` when the front matter has none). Loading never guesses:
a bad file raises `PatternFileError` naming the file and the offending field.

Layer 3 (patterns/): imports kagent.report and kagent.errors only.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from kagent.errors import InputError
from kagent.report import FailureClass

Backend = Literal["triton", "cuda", "ptx", "amdgpu"]
ProvenanceKind = Literal["seed", "learned", "public"]

FAILURE_CLASSES: tuple[str, ...] = get_args(FailureClass)
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9_.-]{2,80}$")


class PatternFileError(InputError):
    """A pattern file that cannot be loaded: unreadable, not YAML, or not a valid Pattern."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Symptoms(_Model):
    failure_classes: list[FailureClass] = Field(default_factory=list,
                                                description="the verifier's failure classes this pattern explains")
    error_regexes: list[str] = Field(default_factory=list, description="re.search'ed, case-insensitive")
    mismatch_signatures: list[str] = Field(
        default_factory=list, description='e.g. "tail of each row", "NaN past the end"'
    )

    @field_validator("error_regexes")
    @classmethod
    def _regexes_compile(cls, value: list[str]) -> list[str]:
        for rx in value:
            try:
                re.compile(rx)
            except re.error as exc:
                raise ValueError(f"error regex {rx!r} does not compile: {exc}") from exc
        return value


class Provenance(_Model):
    kind: ProvenanceKind = Field(description="where the pattern comes from (learned: distilled from a verified repair)")
    source: str = Field(min_length=1, description="who/what it came from: a bug report, a run, a paper")
    run: str | None = Field(None, description="the run id a learned pattern was distilled from")

    @model_validator(mode="after")
    def _learned_has_run(self) -> "Provenance":
        if self.kind == "learned" and not self.run:
            raise ValueError("a learned pattern must name the run it was learned from (provenance.run)")
        return self


class Outcomes(_Model):
    successes: int = Field(0, ge=0, description="repairs in which the pattern's fix was verified")
    failures: int = Field(0, ge=0, description="repairs in which it was tried and did not pass")


class Pattern(_Model):
    id: str = Field(description="unique id: 3-81 chars of [a-z0-9_.-], starting alphanumeric")
    title: str = Field(min_length=3, description="one line naming the bug")
    backends: list[Backend] = Field(min_length=1, description="kernel languages it applies to")
    symptoms: Symptoms = Field(description="how the bug shows in the verifier's report")
    explanation: str = Field(min_length=10, description="why the bug happens and how to fix it")
    example_before: str = Field("", description="a minimal buggy snippet")
    example_after: str = Field("", description="the same snippet fixed")
    fix: str | None = Field(None, description="name of a mechanical transform in kagent.patterns.transforms")
    provenance: Provenance = Field(description="where the pattern comes from")
    outcomes: Outcomes = Field(default_factory=Outcomes, description="how often its fix worked")

    @field_validator("id")
    @classmethod
    def _id_shape(cls, value: str) -> str:
        if not _ID_RE.match(value):
            raise ValueError(f"id {value!r} must be 3-81 chars of [a-z0-9_.-], starting alphanumeric")
        return value

    @field_validator("fix")
    @classmethod
    def _fix_known(cls, value: str | None) -> str | None:
        if value is None:
            return value
        from kagent.patterns.transforms import TRANSFORMS

        if value not in TRANSFORMS:
            raise ValueError(f"fix {value!r} is not a registered transform; known: {sorted(TRANSFORMS)}")
        return value

    @model_validator(mode="after")
    def _fix_needs_triton(self) -> "Pattern":
        if self.fix is not None and "triton" not in self.backends:
            raise ValueError("mechanical fixes are Triton source transforms: backends must include triton")
        return self

    def document(self) -> str:
        """The text that is embedded for similarity search."""
        parts = [
            self.title,
            " ".join(self.backends),
            " ".join(self.symptoms.failure_classes),
            " ".join(self.symptoms.mismatch_signatures),
            " ".join(self.symptoms.error_regexes),
            self.explanation,
            self.example_before,
        ]
        return "\n".join(p for p in parts if p)

    def to_file_dict(self) -> dict:
        return self.model_dump(mode="json", exclude_none=True)


def pattern_from_dict(data: object, origin: str) -> Pattern:
    if not isinstance(data, dict):
        raise PatternFileError(f"{origin}: expected a mapping of pattern fields, got {type(data).__name__}")
    try:
        return Pattern.model_validate(data)
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            loc = ".".join(str(p) for p in err["loc"]) or "(pattern)"
            lines.append(f"  {loc}: {err['msg']}")
        raise PatternFileError(f"{origin}: invalid pattern\n" + "\n".join(lines)) from None


def _split_front_matter(text: str, origin: str) -> tuple[str, str]:
    if not text.startswith("---"):
        raise PatternFileError(f"{origin}: a Markdown pattern must start with '---' YAML front matter")
    parts = text.split("\n---", 1)
    if len(parts) != 2:
        raise PatternFileError(f"{origin}: front matter is not closed by a '---' line")
    head = parts[0][3:]
    body = parts[1].split("\n", 1)[1] if "\n" in parts[1] else ""
    return head, body.strip()


def load_pattern_text(text: str, origin: str, markdown: bool = False) -> Pattern:
    import yaml

    body = ""
    if markdown:
        text, body = _split_front_matter(text, origin)
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise PatternFileError(f"{origin}: not valid YAML: {exc}") from None
    if markdown and isinstance(data, dict) and "explanation" not in data and body:
        data["explanation"] = body
    return pattern_from_dict(data, origin)


def load_pattern_file(path: Path) -> Pattern:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PatternFileError(f"{path}: cannot read: {exc}") from None
    return load_pattern_text(text, str(path), markdown=path.suffix == ".md")


def dump_pattern_yaml(pattern: Pattern) -> str:
    import yaml

    class _Dumper(yaml.SafeDumper):
        pass

    def _str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
        style = "|" if "\n" in value else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    _Dumper.add_representer(str, _str)
    return yaml.dump(pattern.to_file_dict(), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def pattern_files(directory: Path) -> list[Path]:
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.iterdir() if p.suffix in (".yaml", ".yml", ".md") and p.is_file())


def load_directory(directory: Path) -> list[Pattern]:
    """Every pattern in a directory; duplicate ids are an error."""
    seen: dict[str, Path] = {}
    out: list[Pattern] = []
    for path in pattern_files(directory):
        pattern = load_pattern_file(path)
        if pattern.id in seen:
            raise PatternFileError(f"{path}: duplicate pattern id {pattern.id!r} (also in {seen[pattern.id]})")
        seen[pattern.id] = path
        out.append(pattern)
    return out


def library_dir() -> Path:
    """The seed library shipped with kagent."""
    return Path(__file__).resolve().parent / "library"


def files_digest(paths: list[Path]) -> str:
    """One hash over file names and contents: the store is rebuilt when it changes."""
    h = hashlib.blake2b(digest_size=16)
    for path in sorted(paths):
        h.update(path.name.encode())
        h.update(b"\0")
        h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()

"""The deployment files, loaded once for the tests that check them without a Docker engine."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
K8S = DEPLOY / "k8s"


@dataclass(frozen=True)
class Instruction:
    keyword: str  # upper case: FROM, RUN, COPY, ...
    value: str  # the rest of the instruction, continuation lines joined
    line: int

    def exec_form(self) -> list[str]:
        """The JSON (exec) form's argument list, or the shell form split like a shell would."""
        if self.value.startswith("["):
            return json.loads(self.value)
        return shlex.split(self.value)


def parse_dockerfile(text: str) -> list[Instruction]:
    """Split a Dockerfile into instructions: comments dropped, ``\\`` continuations joined."""
    instructions: list[Instruction] = []
    pending: list[str] = []
    start = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if pending and line.startswith("#"):  # comment lines inside a continued instruction
            continue
        if not pending:
            start = number
        if line.endswith("\\"):
            pending.append(line[:-1].strip())
            continue
        pending.append(line)
        joined = " ".join(part for part in pending if part)
        keyword, _, value = joined.partition(" ")
        instructions.append(Instruction(keyword.upper(), value.strip(), start))
        pending = []
    assert not pending, "the Dockerfile ends inside a continued instruction"
    return instructions


@pytest.fixture(scope="session")
def dockerfile() -> list[Instruction]:
    return parse_dockerfile((DEPLOY / "Dockerfile").read_text())


@pytest.fixture(scope="session")
def compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def k8s_documents() -> list[tuple[str, dict]]:
    """Every Kubernetes object in deploy/k8s/ as (file name, object), the Kustomization left
    out (it is kustomize's file, not an API object)."""
    out = []
    for path in sorted(K8S.glob("*.yaml")):
        for doc in yaml.safe_load_all(path.read_text()):
            if doc and doc.get("kind") != "Kustomization":
                out.append((path.name, doc))
    return out


@pytest.fixture(scope="session")
def k8s() -> list[tuple[str, dict]]:
    return k8s_documents()


def of_kind(docs: list[tuple[str, dict]], kind: str) -> list[dict]:
    return [doc for _, doc in docs if doc["kind"] == kind]


def named(docs: list[tuple[str, dict]], kind: str, name: str) -> dict:
    matches = [doc for doc in of_kind(docs, kind) if doc["metadata"]["name"] == name]
    assert len(matches) == 1, f"expected one {kind} {name}, found {len(matches)}"
    return matches[0]

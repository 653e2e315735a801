"""The shell sessions in the docs: each command runs and prints exactly what the page shows.

A ``.. code-block:: console`` block holds lines starting with ``$ `` (a
command, run by bash with the installed console script first on PATH) and
the output that follows each (standard output and standard error together,
as a terminal shows them: CRLF as LF). The commands of one page share a temporary
working directory, so that a file one writes another reads.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).parent.parent / "docs"
PAGES = ["debugging.rst", "cli.rst"]
_BLOCK = re.compile(r"^\.\. code-block:: console\n\n((?:   .*\n|\n)+)", re.M)


def sessions(page: str) -> list[tuple[str, str]]:
    """(command, expected output) for every command on *page*, in order."""
    text = (DOCS / page).read_text(encoding="utf-8")
    steps: list[tuple[str, list[str]]] = []
    for block in _BLOCK.findall(text):
        for line in block.rstrip("\n").split("\n"):
            line = line[3:]
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                assert steps, f"output before any command in {page}: {line!r}"
                steps[-1][1].append(line)
    return [(command, "\n".join(output).rstrip("\n")) for command, output in steps]


@pytest.mark.parametrize("page", PAGES)
def test_console_sessions(page: str, tmp_path: Path) -> None:
    """Every command on the page prints exactly the output shown under it."""
    steps = sessions(page)
    assert len(steps) >= 5
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "NO_COLOR": "1",
        "LC_ALL": "C.UTF-8",
    }
    for command, expected in steps:
        result = subprocess.run(
            ["bash", "-c", command],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            timeout=120,
        )
        # A terminal shows CRLF (CSV's line end) as it shows LF.
        output = result.stdout.decode("utf-8").replace("\r\n", "\n").rstrip("\n")
        assert output == expected, f"$ {command}"

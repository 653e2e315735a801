"""Generate ``tests/data/interpreters/answers.json.gz``: CPython 3.11's answers to the corpus.

Usage::

    python tools/gen_interpreter_answers.py           # rewrite the answers (on CPython 3.11)
    python tools/gen_interpreter_answers.py --check   # exit 1 if the file is missing or differs

The corpus (``tests/interpreter_corpus.py``) is a few thousand seeded, generated
calls through every public parse and serialize path; the file holds each call
with the answer that CPython 3.11 gives. ``tests/test_interpreters.py`` runs
the calls again on each interpreter that CI tests (CPython 3.9-3.13, PyPy) and
compares. Regenerate after a change to the corpus or to what the library
answers, and review the diff of the answers (``--diff``) as you would a
test's expected values.
"""

from __future__ import annotations

import argparse
import gzip
import json
import platform
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

from tests.interpreter_corpus import answer, cases  # noqa: E402

TARGET = ROOT / "tests" / "data" / "interpreters" / "answers.json.gz"
# The interpreter whose answers are the reference: the one .ci/run's main stage uses.
REFERENCE = ("CPython", (3, 11))


def generate() -> bytes:
    """The file's bytes: one JSON line per case, gzipped with no timestamp."""
    lines = [
        json.dumps(
            {"call": name, "args": args, "kwargs": kwargs, "answer": answer((name, args, kwargs))}
        )
        for name, args, kwargs in cases()
    ]
    text = "\n".join(lines) + "\n"
    return gzip.compress(text.encode("ascii"), compresslevel=9, mtime=0)


def load(path: Path = TARGET) -> list[dict[str, Any]]:
    """The stored cases, each with its answer."""
    with gzip.open(path, "rt", encoding="ascii") as stream:
        return [json.loads(line) for line in stream]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the file is out of date")
    parser.add_argument(
        "--diff", action="store_true", help="print the cases whose stored answer differs"
    )
    options = parser.parse_args()
    here = (platform.python_implementation(), sys.version_info[:2])
    if here != REFERENCE:
        print(f"{TARGET.name} holds {REFERENCE[0]} 3.11's answers; this is {here}", file=sys.stderr)
        return 2
    fresh = generate()
    if options.check or options.diff:
        stored = TARGET.read_bytes() if TARGET.exists() else b""
        if options.diff and stored:
            old = load()
            new = [json.loads(line) for line in gzip.decompress(fresh).splitlines()]
            for before, after in zip(old, new):
                if before != after:
                    print(json.dumps(before), "\n  ->", json.dumps(after["answer"]))
            if len(old) != len(new):
                print(f"{len(old)} cases stored, {len(new)} generated")
        if stored != fresh:
            print(f"{TARGET.relative_to(ROOT)} is out of date: run {Path(__file__).name}")
            return 1
        print(f"{TARGET.relative_to(ROOT)} is up to date")
        return 0
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_bytes(fresh)
    print(f"wrote {TARGET.relative_to(ROOT)} ({len(fresh)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

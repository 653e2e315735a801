"""Every interpreter gives CPython 3.11's answers on the differential corpus.

``tests/data/interpreters/answers.json.gz`` holds a few thousand generated calls
through every public parse and serialize path, each with the answer CPython 3.11
gives (``tools/gen_interpreter_answers.py`` writes it; ``.ci/run`` checks it is
up to date). CI runs this module on CPython 3.9-3.13 and PyPy, so a fast path
that leans on one interpreter's behaviour of a C primitive (a codec, a2b_qp,
str.translate) shows up as a wrong answer here.
"""

from __future__ import annotations

import gzip
import json
import pathlib
from collections import defaultdict
from typing import Any

import pytest

from tests.conftest import NEEDS, PYPY, missing
from tests.interpreter_corpus import CALLS, answer, cases

ANSWERS = pathlib.Path(__file__).parent / "data" / "interpreters" / "answers.json.gz"


def _load() -> list[dict[str, Any]]:
    with gzip.open(ANSWERS, "rt", encoding="ascii") as stream:
        return [json.loads(line) for line in stream]


STORED = _load()
BY_CALL: dict[str, list[dict[str, Any]]] = defaultdict(list)
for _case in STORED:
    BY_CALL[_case["call"]].append(_case)


def test_the_file_holds_the_corpus() -> None:
    """The stored cases are the corpus's, in order, and cover every call."""
    assert [[case["call"], case["args"], case["kwargs"]] for case in STORED] == [
        [name, args, kwargs] for name, args, kwargs in cases()
    ]
    assert sorted(BY_CALL) == sorted(CALLS)
    assert len(STORED) > 5000


@pytest.mark.parametrize("call", sorted(CALLS))
def test_answers_agree_with_cpython_311(call: str) -> None:
    """Each stored call gives, here, the answer CPython 3.11 gave."""
    wrong = []
    for case in BY_CALL[call]:
        got = answer((call, case["args"], case["kwargs"]))
        if got != case["answer"]:
            wrong.append(
                f"{call}(*{case['args']!a}, **{case['kwargs']!a}):"
                f" {got!a}, CPython 3.11 gave {case['answer']!a}"
            )
    assert not wrong, f"{len(wrong)} of {len(BY_CALL[call])} differ:\n" + "\n".join(wrong[:20])


@pytest.mark.parametrize(
    ("call", "args", "expected"),
    [
        # A '%' before a space or '+' is no escape: int(" 2", 16) and a lenient hex
        # decoder would read one.
        ("parse", ["q=%2 "], [["q", "%2 "]]),
        ("parse", ["%2+a"], [["%2 a", ""]]),
        ("percent_decode", [{"hex": b"%+1".hex()}], {"hex": b"%+1".hex()}),
        # U+FFFE has no byte in windows-1253; the serializer writes a character reference.
        ("serialize", [[["a", "\ufffe"]]], "a=%26%2365534%3B"),
    ],
)
def test_pinned_answers(call: str, args: list[Any], expected: Any) -> None:
    """Known answers for inputs that once went wrong on one interpreter, stated outright."""
    kwargs = {"encoding": "windows-1253"} if call == "serialize" else {}
    assert answer((call, args, kwargs)) == expected


def test_nothing_is_skipped_for_a_missing_package_on_cpython() -> None:
    """Only PyPy skips tests for what it lacks; on CPython every need in NEEDS is there."""
    lacking = {prefix: missing(needs) for prefix, needs in NEEDS.items() if missing(needs)}
    assert PYPY or not lacking, f"install the test extra; missing: {lacking}"

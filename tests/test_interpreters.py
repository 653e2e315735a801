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

import urlencoded
from tests import reference, reference_html
from tests.conftest import NEEDS, PYPY, missing
from tests.interpreter_corpus import CALLS, SINGLE_BYTE, answer, cases

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


# A '%' before a space or '+' is no escape, though int(" 2", 16) and a lenient hex
# decoder read one: inputs that once went wrong on one interpreter, and that random
# inputs seldom hit. The spec's step-by-step transcriptions give the answers.
@pytest.mark.parametrize("text", ["q=%2 ", "%2+a", "a=%+1&b=% 1&c=%1 &d=%1+", "%+1=%2+"])
def test_percent_before_a_space_or_plus_is_no_escape(text: str) -> None:
    """parse, parse_bytes and percent_decode keep such a '%' as it is."""
    data = text.encode("ascii")
    assert urlencoded.parse(text) == reference.urlencoded_string_parse(text)
    assert urlencoded.parse(data) == reference.urlencoded_parse(data)
    assert urlencoded.parse_bytes(data) == reference.urlencoded_parse_to_bytes(data)
    assert urlencoded.percent_decode(data) == reference.percent_decode_bytes(data)
    assert urlencoded.percent_decode(text) == reference.percent_decode_string(text)


@pytest.mark.parametrize("encoding", SINGLE_BYTE)
@pytest.mark.parametrize(
    "character", ["\ufffe", "\uffff", "\ufffd", "\x80", "\x81", "\x8d", "\xa0"]
)
def test_single_byte_encoders_write_a_reference_for_what_they_lack(
    encoding: str, character: str
) -> None:
    """A character that the encoding's table lacks (U+FFFE in windows-1253, or a byte the
    table leaves undefined) is written as an escaped character reference, as the spec's
    serializer does; one the table has, as its byte."""
    pairs = [("a", character), (character, "b" + character)]
    expected = reference_html.urlencoded_serialize(pairs, encoding)
    assert urlencoded.serialize(pairs, encoding=encoding) == expected


def test_nothing_is_skipped_for_a_missing_package_on_cpython() -> None:
    """Only PyPy skips tests for what it lacks; on CPython every need in NEEDS is there."""
    lacking = {prefix: missing(needs) for prefix, needs in NEEDS.items() if missing(needs)}
    assert PYPY or not lacking, f"install the test extra; missing: {lacking}"

"""The explain module behind ``urlencoded explain``, and the JSON Lines writer of --lines."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from urlencoded import lint, parse
from urlencoded._cli._lines import _json
from urlencoded._explain import explain, render_json, render_text

BODIES = st.lists(
    st.sampled_from(
        [b"a", b"=", b"&", b"%", b"%41", b"%E6%97%A5", b"%93%FA", b"+", b" ", b"\n", b"\xff", b"?"]
    ),
    max_size=20,
).map(b"".join)
ENCODINGS = st.sampled_from(["UTF-8", "Shift_JIS", "windows-1252", "EUC-KR"])


@given(BODIES, ENCODINGS)
def test_pairs_are_what_parse_returns(body: bytes, encoding: str) -> None:
    """The names and values explain shows are exactly parse's pairs, in order."""
    explanation = explain(body, encoding=encoding)
    assert [(pair.name, pair.value) for pair in explanation.pairs] == parse(body, encoding=encoding)


@given(BODIES, ENCODINGS)
def test_ranges_and_findings(body: bytes, encoding: str) -> None:
    """Each pair's raw bytes are its byte range; every lint finding appears exactly once."""
    explanation = explain(body, encoding=encoding)
    for pair in explanation.pairs:
        assert body[pair.start : pair.end] == pair.raw
        assert all(pair.start <= finding.offset < pair.end for finding in pair.findings)
    assert explanation.all_findings() == lint(body, encoding=encoding)


@given(BODIES)
def test_json_and_text_render(body: bytes) -> None:
    """The JSON form round-trips through json, and the text form has a line per pair."""
    explanation = explain(body)
    data = render_json(explanation)
    assert json.loads(json.dumps(data)) == data
    assert [pair["raw"].encode("latin-1") for pair in data["pairs"]] == [
        pair.raw for pair in explanation.pairs
    ]
    text = render_text(explanation)
    assert text.count("\npair ") == len(explanation.pairs)
    assert "\033[" not in text


def test_color_only_when_asked() -> None:
    """render_text adds ANSI colours to severities only with color=True."""
    assert "\033[1;31merror\033[0m" in render_text(explain(b"a=%zz"), color=True)


@given(st.lists(st.tuples(st.text(), st.text()), max_size=5))
def test_json_lines_writer_matches_json_dumps(pairs: list[tuple[str, str]]) -> None:
    """The --lines writer prints exactly what json.dumps(ensure_ascii=False) prints."""
    assert _json(pairs) == json.dumps(pairs, ensure_ascii=False)

"""The explain module behind ``urlencoded explain``, and the JSON Lines writer of --lines."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlencoded import Finding, UnknownEncodingError, lint, parse
from urlencoded._tools import _explain as explain_module
from urlencoded._tools._cli._lines import _json
from urlencoded._tools._explain import (
    ExplainedPair,
    Explanation,
    TextReport,
    explain,
    finding_json,
    finding_json_text,
    header_json,
    iter_explain,
    outline,
    outside_findings,
    pair_json,
    pair_json_text,
    render_json,
    render_text,
    tally,
)
from urlencoded._tools._lint import CODES

BODIES = st.lists(
    st.sampled_from(
        [b"a", b"=", b"&", b"%", b"%41", b"%E6%97%A5", b"%93%FA", b"+", b" ", b"\n", b"\xff", b"?"]
    ),
    max_size=20,
).map(b"".join)
# Longer bodies, with runs of '&' and findings of every kind.
LONG_BODIES = st.lists(
    st.sampled_from(
        [b"a=1", b"&", b"&&", b"%zz", b";b=2", b"%E6%97%A5", b"%93%FA", b"+", b"%20", b"\n",
         b"\xff", b"[x]", b"=[1]", b"_charset_=sjis", b"%e9", b"a", b"&amp;", b"&#38;"]
    ),
    max_size=60,
).map(b"".join)  # fmt: skip
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


# iter_explain: the same explanation, a piece at a time.


def _position(piece: ExplainedPair | Finding) -> int:
    return piece.start if isinstance(piece, ExplainedPair) else piece.offset


@given(st.one_of(BODIES, LONG_BODIES), ENCODINGS)
def test_streamed_pieces_make_the_explanation(body: bytes, encoding: str) -> None:
    """The pieces of iter_explain, collected, are explain's Explanation, in input order."""
    pieces = list(iter_explain(body, encoding=encoding))
    positions = [_position(piece) for piece in pieces]
    assert positions == sorted(positions)
    expected = explain(body, encoding=encoding)
    assembled = Explanation(
        expected.encoding,
        len(body),
        [piece for piece in pieces if isinstance(piece, ExplainedPair)],
        [piece for piece in pieces if isinstance(piece, Finding)],
    )
    assert assembled == expected


@given(st.one_of(BODIES, LONG_BODIES), ENCODINGS)
def test_findings_between_pairs_are_the_empty_sequences(body: bytes, encoding: str) -> None:
    """Only U104 lies between pairs, so outside_findings gives exactly those findings."""
    explanation = explain(body, encoding=encoding)
    assert list(outside_findings(body)) == explanation.findings
    assert all(finding.code == "U104" for finding in explanation.findings)


@given(st.one_of(BODIES, LONG_BODIES))
def test_outline(body: bytes) -> None:
    """outline gives the number of pairs and the widest byte range, before any pair is made."""
    pairs = explain(body).pairs
    widest = max((len(f"{pair.start}-{pair.end - 1}") for pair in pairs), default=0)
    assert outline(body) == (len(pairs), widest)


@given(
    st.one_of(BODIES, LONG_BODIES),
    ENCODINGS,
    st.none() | st.lists(st.sampled_from(["utf-8", "sjis"]), min_size=1, max_size=2),
    st.lists(st.sampled_from(["UTF-8", "Shift_JIS"]), max_size=2),
)
def test_text_report_writes_render_text(
    body: bytes, encoding: str, candidates: list[str] | None, matches: list[str]
) -> None:
    """TextReport, fed every piece, writes exactly what render_text makes of the Explanation."""
    explanation = explain(
        body,
        encoding=encoding,
        candidates=candidates,
        matches=None if candidates is None else matches,
    )
    lines: list[str] = []
    header = header_json(explanation.encoding, len(body), candidates, explanation.matches)
    report = TextReport(body, header, color=False, line=lines.append)
    for piece in iter_explain(body, encoding=encoding):
        if isinstance(piece, ExplainedPair):
            report.pair(piece)
    report.end(len(explanation.findings), 0, 0, tally(explanation.all_findings()))
    assert "\n".join(lines) == render_text(explanation)


def test_text_report_says_what_it_did_not_show() -> None:
    """With pieces held back, the closing line counts them and the totals count everything."""
    body = b"a=1&&b=%zz&c=3"
    lines: list[str] = []
    header = header_json("UTF-8", len(body), None, None)
    report = TextReport(body, header, color=False, line=lines.append)
    first = next(iter_explain(body))
    assert isinstance(first, ExplainedPair)
    report.pair(first)
    report.end(0, 2, 1, tally(lint(body)))
    assert lines[-2:] == [
        "... 2 more pairs and 1 more finding between pairs not shown: "
        "--max-findings none shows all",
        "1 error, 0 warnings, 1 info",
    ]


MESSAGES = st.text(st.characters(exclude_categories=["Cs"]), max_size=20)


@given(st.sampled_from(sorted(CODES)), st.integers(0, 10**9), MESSAGES)
def test_finding_json_text_is_json_dumps(code: str, offset: int, message: str) -> None:
    """finding_json_text writes exactly what json.dumps writes for finding_json."""
    finding = Finding(code, offset, message)
    assert finding_json_text(finding) == json.dumps(finding_json(finding), ensure_ascii=False)


@given(st.one_of(BODIES, LONG_BODIES), ENCODINGS)
def test_pair_json_text_is_json_dumps(body: bytes, encoding: str) -> None:
    """pair_json_text writes exactly what json.dumps writes for pair_json."""
    for pair in explain(body, encoding=encoding).pairs:
        assert pair_json_text(pair) == json.dumps(pair_json(pair), ensure_ascii=False)


def test_iter_explain_checks_arguments_when_called() -> None:
    """Bad arguments fail at the call, before any piece is asked for; str is UTF-8 encoded."""
    with pytest.raises(TypeError, match=r"iter_explain\(\) takes bytes or str, not list"):
        iter_explain([])  # type: ignore[arg-type]
    with pytest.raises(UnknownEncodingError):
        iter_explain(b"a", encoding="klingon")
    assert list(iter_explain("é=%zz")) == list(iter_explain("é=%zz".encode()))


def test_first_piece_does_not_explain_the_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    """Taking the first piece of a huge input makes one block's pairs at most, not all."""
    made = [0]

    class Counted(ExplainedPair):
        def __init__(self, *args: object) -> None:
            made[0] += 1
            super().__init__(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(explain_module, "ExplainedPair", Counted)
    pieces = iter_explain(b"a=1&b=%z;\n" * 100_000)
    first = next(pieces)
    assert isinstance(first, ExplainedPair)
    assert (first.start, first.raw) == (0, b"a=1")
    assert made[0] == 1
    assert sum(1 for _ in pieces) == 100_000
    assert made[0] == 100_001


def test_html_escaped_ampersand_shown_with_its_pair() -> None:
    """An '&amp;' shows as a U107 finding under the pair whose name it starts."""
    explanation = explain(b"hl=en&amp;q=a")
    second = explanation.pairs[1]
    assert (second.name, second.value) == ("amp;q", "a")
    assert [finding.code for finding in second.findings] == ["U107"]
    text = render_text(explanation)
    assert (
        "    byte 6: U107 html-escaped-ampersand (error): '&amp;' is '&' escaped for HTML" in text
    )
    assert "unescape it before parsing" in text
    assert text.endswith("1 error, 0 warnings, 0 info")

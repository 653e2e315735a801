"""``parse --lines --guess-encoding``: each line in the encoding detect_encoding chooses for it.

The properties run the command's block parser in this process, on logs of
queries written in several encodings, with the candidates in any order.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from random import Random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlencoded import Encoding, detect_encoding, get_encoding, parse, serialize
from urlencoded._core import form_options
from urlencoded._html import rank_encodings
from urlencoded._tools._cli import _lines
from urlencoded._tools._cli._guess import CLOSE_CALL

SCRIPT = Path(sys.executable).parent / "urlencoded"

WORDS = [
    "日本語", "東京", "検索", "カタカナ", "ひらがな", "한국어", "서울", "검색", "中国", "北京",
    "搜索", "臺灣", "Москва", "привет", "café", "naïve", "Ünïcode", "hello", "a b", "x=y&z",
]  # fmt: skip
ENCODINGS = [
    "UTF-8", "Shift_JIS", "EUC-JP", "EUC-KR", "GBK", "Big5", "windows-1251", "windows-1252",
    "ISO-2022-JP",
]  # fmt: skip


@st.composite
def queries(draw: st.DrawFn) -> bytes:
    """A query whose values are written in one encoding, or plain ASCII, or bytes."""
    kind = draw(st.sampled_from(["encoded", "encoded", "encoded", "ascii", "garbage", "empty"]))
    if kind == "ascii":
        return draw(st.sampled_from([b"page=2&sort=asc", b"q=hello+world", b"a", b"&&", b"=x"]))
    if kind == "garbage":
        # Bytes that no candidate may decode (not a URL, no line end).
        return draw(st.binary(max_size=8)).translate(None, b"\n\r/?")
    if kind == "empty":
        return b""
    encoding = draw(st.sampled_from(ENCODINGS))
    pairs = [
        (
            draw(st.sampled_from(["q", "city", "名前"])),
            " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3))),
        )
        for _ in range(draw(st.integers(1, 3)))
    ]
    return serialize(pairs, encoding=encoding).encode("ascii")


@st.composite
def logs(draw: st.DrawFn) -> list[bytes]:
    """Lines of a log: a few queries, repeated with other page numbers and fields, as in a log
    (a choice made for one line is kept for the lines with the same names and values)."""
    bases = draw(st.lists(queries(), min_size=1, max_size=5))
    lines = []
    for _ in range(draw(st.integers(1, 12))):
        line = draw(st.sampled_from(bases))
        extra = draw(st.sampled_from([b"", b"&page=", b"&p=1", b"&tag=ab", b"&ref=x9"]))
        if extra.endswith(b"="):
            extra += str(draw(st.integers(0, 10**6))).encode()
        lines.append(line + extra if line else line)
    return lines


def settings(
    candidates: tuple[str, ...], output: str = "json", summary: bool = True
) -> _lines.LineSettings:
    return _lines.LineSettings(
        options=form_options(),
        input_format="body",
        regex=None,
        group="",
        output=output,
        nested=False,
        columns=("q",) if output != "json" else (),
        join=None,
        candidates=tuple(get_encoding(label).name for label in candidates),
        nested_options={},
        summary=summary,
    )


def run_block(
    lines: list[bytes], candidates: tuple[str, ...], summary: bool = True
) -> tuple[list[object], dict[str, Any]]:
    _lines._set_settings(settings(candidates, summary=summary))
    output, failures, counts = _lines.parse_block(b"\n".join(lines) + b"\n")
    assert isinstance(output, bytes)
    assert failures == []
    return [json.loads(text) for text in output.decode("utf-8")[:-1].split("\n")], counts


CANDIDATE_SETS = st.lists(st.sampled_from(ENCODINGS), min_size=2, max_size=6, unique=True).flatmap(
    st.permutations
)


def fewest_replacements(line: bytes, candidates: list[str]) -> Encoding:
    """The candidate that replaces the fewest bytes of *line*, ties as detection breaks them."""
    tie_order = [entry.encoding for entry in rank_encodings(b"", candidates)]

    def replaced(encoding: Encoding) -> int:
        return sum(
            name.count("\ufffd") + value.count("\ufffd")
            for name, value in parse(line, encoding=encoding)
        )

    return min(tie_order, key=replaced)


@given(logs(), CANDIDATE_SETS)
def test_each_line_is_read_in_the_encoding_detect_encoding_chooses(
    lines: list[bytes], candidates: list[str]
) -> None:
    """Each line is parsed in detect_encoding's choice for it (in the candidate that replaces
    the fewest bytes if none decodes it); the counts per encoding and of close calls are
    those choices'."""
    output, counts = run_block(lines, tuple(candidates))
    chosen: Counter[str] = Counter()
    close = 0
    for line, pairs in zip(lines, output):
        if not line:
            assert pairs == []
            continue
        encoding = detect_encoding(line, candidates)
        if encoding is None:
            encoding = fewest_replacements(line, candidates)
        else:
            ranking = rank_encodings(line, candidates)
            if len(ranking) > 1 and ranking[1].cost - ranking[0].cost < CLOSE_CALL:
                close += parse(line, encoding=ranking[0].encoding) != parse(
                    line, encoding=ranking[1].encoding
                )
        assert pairs == [list(pair) for pair in parse(line, encoding=encoding)]
        chosen[encoding.name] += 1
    assert counts["encodings"] == dict(chosen)
    assert counts["close"] == close


@given(logs(), CANDIDATE_SETS, st.randoms())
def test_the_candidates_order_plays_no_part(
    lines: list[bytes], candidates: list[str], random: Random
) -> None:
    """The output and the counts are the same whatever the order of the candidates, and the
    output the same without the summary (which alone weighs close calls)."""
    shuffled = list(candidates)
    random.shuffle(shuffled)
    output, counts = run_block(lines, tuple(candidates))
    assert run_block(lines, tuple(shuffled)) == (output, counts)
    quiet, quiet_counts = run_block(lines, tuple(shuffled), summary=False)
    assert (quiet, quiet_counts["encodings"]) == (output, counts["encodings"])


EUC_JP = serialize([("q", "日本語の検索")], encoding="euc-jp").encode()
EUC_KR = serialize([("q", "한국어 검색")], encoding="euc-kr").encode()
SHIFT_JIS = serialize([("q", "東京タワー")], encoding="shift_jis").encode()


@pytest.mark.console
@pytest.mark.parametrize(
    "candidates", ["utf-8,shift_jis,euc-kr,euc-jp", "euc-jp,euc-kr,shift_jis,utf-8"]
)
def test_command_line_reads_each_language_in_any_order(candidates: str) -> None:
    """EUC-JP, EUC-KR and Shift_JIS lines come out right in either order, and the summary
    counts the lines per encoding."""
    stdin = b"\n".join([EUC_JP, EUC_KR, SHIFT_JIS, b"page=2", EUC_JP]) + b"\n"
    result = subprocess.run(
        [str(SCRIPT), "parse", "--lines", "--summary", "--guess-encoding", candidates],
        input=stdin,
        capture_output=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert [json.loads(line) for line in result.stdout.decode().splitlines()] == [
        [["q", "日本語の検索"]],
        [["q", "한국어 검색"]],
        [["q", "東京タワー"]],
        [["page", "2"]],
        [["q", "日本語の検索"]],
    ]
    summary = result.stderr.decode().splitlines()[-1]
    assert "0 with U+FFFD; EUC-JP 2, EUC-KR 1, Shift_JIS 1, UTF-8 1; 0 close calls" in summary

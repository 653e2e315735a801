"""Explain a urlencoded body: each pair, where it is, what it decodes to, what is odd.

``urlencoded explain`` prints this. For every non-empty ``&``-separated
sequence (https://url.spec.whatwg.org/#concept-urlencoded-parser, steps 1-3)
it gives the byte range in the input, the raw bytes, the name and value as
the parser decodes them (shown with :func:`repr`, so that a trailing newline,
a zero-width space or a U+FEFF is visible) and the :func:`~urlencoded.lint`
findings located in it. Findings outside every pair (a run of ``&``) come
last. The same data is available as JSON for scripts.

:func:`iter_explain` yields the pairs (and the findings between them) as it
reaches them, so that the command line prints a large input as it goes;
:func:`explain` collects them into an :class:`Explanation`.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Union

from .._core import PARSE_DEFAULTS, parse_region
from .._encoding import Encoding, get_encoding
from ._lint import BytesLike, Finding, _empty_sequences, as_bytes, blocks, findings_of

__all__ = [
    "SEVERITIES",
    "ExplainedPair",
    "Explanation",
    "TextReport",
    "explain",
    "finding_json_text",
    "iter_explain",
    "outline",
    "outside_findings",
    "pair_json_text",
    "render_json",
    "render_text",
    "tally",
]

_SEQUENCE = re.compile(rb"[^&]+")
SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True)
class ExplainedPair:
    """One name-value pair: its byte range ``[start, end)``, raw bytes and decoding."""

    start: int
    end: int
    raw: bytes
    name: str
    value: str
    findings: list[Finding] = field(default_factory=list)


# What iter_explain yields: a pair with its findings, or a finding between pairs.
Piece = Union[ExplainedPair, Finding]


@dataclass(frozen=True)
class Explanation:
    """Everything ``explain`` shows about one input."""

    encoding: str
    size: int
    pairs: list[ExplainedPair]
    # Findings outside every pair (between '&'s).
    findings: list[Finding]
    # With --guess-encoding: the candidates tried and those that decode every field.
    candidates: list[str] | None = None
    matches: list[str] | None = None

    def all_findings(self) -> list[Finding]:
        """Every finding, in input order."""
        found = [finding for pair in self.pairs for finding in pair.findings]
        found += self.findings
        found.sort(key=lambda finding: (finding.offset, finding.code))
        return found


def iter_explain(body: BytesLike | str, *, encoding: str | Encoding = "UTF-8") -> Iterator[Piece]:
    """Yield each pair of *body* with its lint findings, and each finding between pairs.

    The pieces come in input order: a pair once the findings inside it are
    known, a finding outside every pair (only ``U104``, at a run of ``&``)
    where it lies. Nothing is kept once yielded, so memory does not grow with
    the number of pairs or findings. The arguments are checked when it is
    called.

    >>> for piece in iter_explain(b"a=1&&b=%zz"):
    ...     print(piece)
    ExplainedPair(start=0, end=3, raw=b'a=1', name='a', value='1', findings=[])
    byte 3: U104 empty-sequence (info): 1 empty sequence between fields; parse skips it
    ExplainedPair(start=5, end=10, raw=b'b=%zz', name='b', value='%zz', findings=[Finding(...)])

    :raises TypeError: if *body* is not bytes or str.
    :raises UnknownEncodingError: if *encoding* is not a known label.
    """
    data = as_bytes(body, "iter_explain")
    return _pieces(data, get_encoding(encoding))


def _pieces(body: bytes, encoding: Encoding) -> Iterator[Piece]:
    findings = findings_of(body, encoding)
    # Findings come ordered by offset, as do the pairs.
    pending = next(findings, None)
    for block_start, block_end in blocks(body):
        # The names and values are what parse returns, one block of fields at a time.
        decoded = parse_region(
            body[block_start:block_end],
            block_start,
            encoding,
            PARSE_DEFAULTS,
            first=block_start == 0,
        )
        sequences = _SEQUENCE.finditer(body, block_start, block_end)
        for match, (name, value) in zip(sequences, decoded):
            start, end = match.span()
            while pending is not None and pending.offset < start:
                yield pending
                pending = next(findings, None)
            inside = []
            while pending is not None and pending.offset < end:
                inside.append(pending)
                pending = next(findings, None)
            yield ExplainedPair(start, end, match.group(), name, value, inside)
    while pending is not None:
        yield pending
        pending = next(findings, None)


def explain(
    body: BytesLike | str,
    *,
    encoding: str | Encoding = "UTF-8",
    candidates: list[str] | None = None,
    matches: list[str] | None = None,
) -> Explanation:
    """Split *body* into pairs as the parser does and attach each lint finding to its pair.

    The pieces of :func:`iter_explain`, collected.

    :raises TypeError: if *body* is not bytes or str.
    :raises UnknownEncodingError: if *encoding* is not a known label.
    """
    data = as_bytes(body, "explain")
    resolved = get_encoding(encoding)
    pairs = []
    outside = []
    for piece in _pieces(data, resolved):
        if isinstance(piece, ExplainedPair):
            pairs.append(piece)
        else:
            outside.append(piece)
    return Explanation(resolved.name, len(data), pairs, outside, candidates, matches)


def outline(body: bytes) -> tuple[int, int]:
    """The number of pairs of *body*, and the width of the widest ``start-end`` byte range.

    What the text form's first lines need before any pair is shown. Pairs
    come in order, so the last one has the widest range.
    """
    count = sum(1 for _ in _SEQUENCE.finditer(body))
    end = len(body.rstrip(b"&"))
    if not end:
        return count, 0
    start = body.rfind(b"&", 0, end) + 1
    return count, len(f"{start}-{end - 1}")


def outside_findings(body: bytes) -> Iterator[Finding]:
    """The findings that :func:`iter_explain` yields outside every pair, once more.

    Only ``U104`` lies at an ``&``, so these are its findings: one quick pass,
    for the text form, which lists them after the pairs.
    """
    return _empty_sequences(body)


def counts_line(counts: Mapping[str, int]) -> str:
    """``1 error, 0 warnings, 2 info`` from a count per severity."""
    parts = []
    for severity in SEVERITIES:
        count = counts.get(severity, 0)
        plural = "s" if count != 1 and severity != "info" else ""
        parts.append(f"{count} {severity}{plural}")
    return ", ".join(parts)


def tally(findings: Iterable[Finding]) -> dict[str, int]:
    """The number of findings of each severity."""
    counts = dict.fromkeys(SEVERITIES, 0)
    for finding in findings:
        counts[finding.severity] += 1
    return counts


_COLORS = {"error": "\033[1;31m", "warning": "\033[33m", "info": "\033[36m"}
_RESET = "\033[0m"


def finding_line(finding: Finding, color: bool) -> str:
    """One finding, indented under its pair."""
    severity = finding.severity
    if color:
        severity = f"{_COLORS[severity]}{severity}{_RESET}"
    return (
        f"    byte {finding.offset}: {finding.code} {finding.name} ({severity}): {finding.message}"
    )


def header_lines(
    encoding: str,
    size: int,
    count: int,
    candidates: list[str] | None,
    matches: list[str] | None,
    ranking: list[Mapping[str, Any]] | None = None,
) -> list[str]:
    """The lines before the first pair: the guess, if any, then the encoding and size.

    *ranking* is the detection's ranking of the matches (``encoding``, ``cost``,
    ``reason``), most plausible first: one line each.
    """
    lines = []
    if candidates is not None:
        tried = ", ".join(candidates)
        if matches:
            lines.append(f"decodes every field: {', '.join(matches)} (tried {tried})")
        else:
            lines.append(f"no candidate decodes every field (tried {tried})")
    for place, entry in enumerate(ranking or (), start=1):
        lines.append(f"  {place}. {entry['encoding']} (cost {entry['cost']:g}): {entry['reason']}")
    lines.append(f"encoding: {encoding}, {size} bytes, {count} pair{'s' if count != 1 else ''}")
    return lines


def pair_lines(
    pair: ExplainedPair, number: int, number_width: int, range_width: int, color: bool
) -> list[str]:
    """The lines of pair *number*: range and raw bytes, name, value, findings."""
    span = f"{pair.start}-{pair.end - 1}"
    lines = [
        f"pair {number:<{number_width}}  bytes {span:<{range_width}}  {repr(pair.raw)[1:]}",
        f"  name:  {pair.name!r}",
        f"  value: {pair.value!r}",
    ]
    lines.extend(finding_line(finding, color) for finding in pair.findings)
    return lines


def render_text(explanation: Explanation, *, color: bool = False) -> str:
    """The explanation as aligned text; *color* adds ANSI colours for a terminal.

    >>> print(render_text(explain(b"a=1&b=%zz")))
    encoding: UTF-8, 9 bytes, 2 pairs
    pair 1  bytes 0-2  'a=1'
      name:  'a'
      value: '1'
    pair 2  bytes 4-8  'b=%zz'
      name:  'b'
      value: '%zz'
        byte 6: U201 bad-percent (error): '%' followed by 'zz' is not an escape; ...
    1 error, 0 warnings, 0 info
    """
    count = len(explanation.pairs)
    lines = header_lines(
        explanation.encoding,
        explanation.size,
        count,
        explanation.candidates,
        explanation.matches,
    )
    number_width = len(str(count))
    range_width = max(
        (len(f"{pair.start}-{pair.end - 1}") for pair in explanation.pairs), default=0
    )
    for number, pair in enumerate(explanation.pairs, start=1):
        lines += pair_lines(pair, number, number_width, range_width, color)
    if explanation.findings:
        lines.append("between pairs:")
        lines.extend(finding_line(finding, color) for finding in explanation.findings)
    lines.append(counts_line(tally(explanation.all_findings())))
    return "\n".join(lines)


class TextReport:
    """The text form of :func:`render_text` for a stream: written a pair at a time.

    The findings between pairs, which the text form lists after the pairs,
    are taken from a second pass (:func:`outside_findings`), so nothing is
    held. *line* is called with each line.
    """

    def __init__(
        self,
        body: bytes,
        header: Mapping[str, Any],
        *,
        color: bool,
        line: Callable[[str], None],
    ) -> None:
        self.body = body
        self.color = color
        self.line = line
        self.number = 0
        self.count, self.range_width = outline(body)
        self.number_width = len(str(self.count))
        for text in header_lines(
            header["encoding"],
            header["size"],
            self.count,
            header.get("candidates"),
            header.get("matches"),
            header.get("ranking"),
        ):
            line(text)

    def pair(self, pair: ExplainedPair) -> None:
        """Write the next pair."""
        self.number += 1
        for text in pair_lines(pair, self.number, self.number_width, self.range_width, self.color):
            self.line(text)

    def end(
        self,
        shown_outside: int,
        hidden_pairs: int,
        hidden_outside: int,
        counts: Mapping[str, int],
    ) -> None:
        """Write the first *shown_outside* findings between pairs, what was not shown, totals."""
        if shown_outside:
            self.line("between pairs:")
            for finding in itertools.islice(outside_findings(self.body), shown_outside):
                self.line(finding_line(finding, self.color))
        more = "more " if self.number or shown_outside else ""
        hidden = []
        if hidden_pairs:
            hidden.append(plural(hidden_pairs, more + "pair"))
        if hidden_outside:
            hidden.append(plural(hidden_outside, more + "finding") + " between pairs")
        if hidden:
            self.line(f"... {' and '.join(hidden)} not shown: --max-findings none shows all")
        self.line(counts_line(counts))


def plural(count: int, word: str) -> str:
    """``1 pair``, ``2 pairs``."""
    return f"{count} {word}{'s' if count != 1 else ''}"


def finding_json(finding: Finding) -> dict[str, Any]:
    """A finding as JSON-ready data."""
    return {
        "code": finding.code,
        "name": finding.name,
        "severity": finding.severity,
        "offset": finding.offset,
        "message": finding.message,
    }


def pair_json(pair: ExplainedPair) -> dict[str, Any]:
    """A pair as JSON-ready data; raw bytes are given as Latin-1 text."""
    return {
        "start": pair.start,
        "end": pair.end,
        "raw": pair.raw.decode("latin-1"),
        "name": pair.name,
        "value": pair.value,
        "findings": [finding_json(finding) for finding in pair.findings],
    }


# JSON string quoting, as json.dumps(text, ensure_ascii=False) writes a str: the
# encoder's documented method, on every Python (the C function behind it is CPython's).
_quote: Callable[[str], str] = json.JSONEncoder(ensure_ascii=False).encode


def finding_json_text(finding: Finding) -> str:
    """``json.dumps(finding_json(finding), ensure_ascii=False)``, faster."""
    return (
        f'{{"code": "{finding.code}", "name": "{finding.name}", '
        f'"severity": "{finding.severity}", "offset": {finding.offset:d}, '
        f'"message": {_quote(finding.message)}}}'
    )


def pair_json_text(pair: ExplainedPair) -> str:
    """``json.dumps(pair_json(pair), ensure_ascii=False)``, faster."""
    findings = ", ".join([finding_json_text(finding) for finding in pair.findings])
    return (
        f'{{"start": {pair.start:d}, "end": {pair.end:d}, '
        f'"raw": {_quote(pair.raw.decode("latin-1"))}, "name": {_quote(pair.name)}, '
        f'"value": {_quote(pair.value)}, "findings": [{findings}]}}'
    )


def header_json(
    encoding: str,
    size: int,
    candidates: list[str] | None,
    matches: list[str] | None,
    ranking: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The members of the JSON form that come before the pairs.

    With *ranking* (``--guess-encoding``), the matches most plausible first,
    each with its cost and the reason.
    """
    data: dict[str, Any] = {"encoding": encoding, "size": size}
    if candidates is not None:
        data["candidates"] = candidates
        data["matches"] = matches or []
    if ranking is not None:
        data["ranking"] = ranking
    return data


def render_json(explanation: Explanation) -> dict[str, Any]:
    """The explanation as JSON-ready data; raw bytes are given as Latin-1 text.

    >>> render_json(explain(b"a=%41"))["pairs"]
    [{'start': 0, 'end': 5, 'raw': 'a=%41', 'name': 'a', 'value': 'A', 'findings': []}]
    """
    data = header_json(
        explanation.encoding, explanation.size, explanation.candidates, explanation.matches
    )
    data["pairs"] = [pair_json(pair) for pair in explanation.pairs]
    data["findings"] = [finding_json(finding) for finding in explanation.findings]
    return data

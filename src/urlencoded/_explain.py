"""Explain a urlencoded body: each pair, where it is, what it decodes to, what is odd.

``urlencoded explain`` prints this. For every non-empty ``&``-separated
sequence (https://url.spec.whatwg.org/#concept-urlencoded-parser, steps 1-3)
it gives the byte range in the input, the raw bytes, the name and value as
the parser decodes them (shown with :func:`repr`, so that a trailing newline,
a zero-width space or a U+FEFF is visible) and the :func:`~urlencoded.lint`
findings located in it. Findings outside every pair (a run of ``&``) come
last. The same data is available as JSON for scripts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ._encoding import Encoding, decode, get_encoding
from ._lint import Finding, lint
from ._percent import percent_decode_bytes

__all__ = ["ExplainedPair", "Explanation", "explain", "render_json", "render_text"]

_SEQUENCE = re.compile(rb"[^&]+")


@dataclass(frozen=True)
class ExplainedPair:
    """One name-value pair: its byte range ``[start, end)``, raw bytes and decoding."""

    start: int
    end: int
    raw: bytes
    name: str
    value: str
    findings: list[Finding] = field(default_factory=list)


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


def explain(
    body: bytes,
    *,
    encoding: str | Encoding = "UTF-8",
    candidates: list[str] | None = None,
    matches: list[str] | None = None,
) -> Explanation:
    """Split *body* into pairs as the parser does and attach each lint finding to its pair."""
    resolved = get_encoding(encoding)
    pairs = []
    for match in _SEQUENCE.finditer(body):
        raw = match.group()
        # Steps 3.2-3.4: name up to the first "=", "+" to space, percent-decode.
        raw_name, _, raw_value = raw.partition(b"=")
        name = decode(resolved, percent_decode_bytes(raw_name.replace(b"+", b" ")))
        value = decode(resolved, percent_decode_bytes(raw_value.replace(b"+", b" ")))
        pairs.append(ExplainedPair(match.start(), match.end(), raw, name, value))
    outside = []
    index = 0
    for finding in lint(body, encoding=resolved):
        # Findings come ordered by offset, as do the pairs.
        while index < len(pairs) and pairs[index].end <= finding.offset:
            index += 1
        if index < len(pairs) and pairs[index].start <= finding.offset:
            pairs[index].findings.append(finding)
        else:
            outside.append(finding)
    return Explanation(resolved.name, len(body), pairs, outside, candidates, matches)


def _counts(findings: list[Finding]) -> str:
    counts = []
    for severity in ("error", "warning", "info"):
        count = sum(finding.severity == severity for finding in findings)
        plural = "s" if count != 1 and severity != "info" else ""
        counts.append(f"{count} {severity}{plural}")
    return ", ".join(counts)


_COLORS = {"error": "\033[1;31m", "warning": "\033[33m", "info": "\033[36m"}
_RESET = "\033[0m"


def _finding_line(finding: Finding, color: bool) -> str:
    severity = finding.severity
    if color:
        severity = f"{_COLORS[severity]}{severity}{_RESET}"
    return (
        f"    byte {finding.offset}: {finding.code} {finding.name} ({severity}): {finding.message}"
    )


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
    lines = []
    if explanation.candidates is not None:
        tried = ", ".join(explanation.candidates)
        if explanation.matches:
            lines.append(f"decodes every field: {', '.join(explanation.matches)} (tried {tried})")
        else:
            lines.append(f"no candidate decodes every field (tried {tried})")
    count = len(explanation.pairs)
    lines.append(
        f"encoding: {explanation.encoding}, {explanation.size} bytes, "
        f"{count} pair{'s' if count != 1 else ''}"
    )
    number_width = len(str(count))
    range_width = max(
        (len(f"{pair.start}-{pair.end - 1}") for pair in explanation.pairs), default=0
    )
    for number, pair in enumerate(explanation.pairs, start=1):
        span = f"{pair.start}-{pair.end - 1}"
        lines.append(
            f"pair {number:<{number_width}}  bytes {span:<{range_width}}  {repr(pair.raw)[1:]}"
        )
        lines.append(f"  name:  {pair.name!r}")
        lines.append(f"  value: {pair.value!r}")
        lines.extend(_finding_line(finding, color) for finding in pair.findings)
    if explanation.findings:
        lines.append("between pairs:")
        lines.extend(_finding_line(finding, color) for finding in explanation.findings)
    lines.append(_counts(explanation.all_findings()))
    return "\n".join(lines)


def _finding_json(finding: Finding) -> dict[str, Any]:
    return {
        "code": finding.code,
        "name": finding.name,
        "severity": finding.severity,
        "offset": finding.offset,
        "message": finding.message,
    }


def render_json(explanation: Explanation) -> dict[str, Any]:
    """The explanation as JSON-ready data; raw bytes are given as Latin-1 text.

    >>> render_json(explain(b"a=%41"))["pairs"]
    [{'start': 0, 'end': 5, 'raw': 'a=%41', 'name': 'a', 'value': 'A', 'findings': []}]
    """
    data: dict[str, Any] = {"encoding": explanation.encoding, "size": explanation.size}
    if explanation.candidates is not None:
        data["candidates"] = explanation.candidates
        data["matches"] = explanation.matches or []
    data["pairs"] = [
        {
            "start": pair.start,
            "end": pair.end,
            "raw": pair.raw.decode("latin-1"),
            "name": pair.name,
            "value": pair.value,
            "findings": [_finding_json(finding) for finding in pair.findings],
        }
        for pair in explanation.pairs
    ]
    data["findings"] = [_finding_json(finding) for finding in explanation.findings]
    return data

"""Lint: what in a urlencoded body is likely a mistake, and where.

The URL Standard's parser accepts every byte sequence
(https://url.spec.whatwg.org/#concept-urlencoded-parser): a ``%`` without two
hex digits stays a ``%``, a ``;`` is part of the value, a raw newline is part
of the last value. That leniency hides mistakes that make a signature fail
or a server read something else than the sender meant. :func:`lint` reports
them as :class:`Finding` values, each with a stable code, a severity, the
byte offset in the input where it starts and a message.

The checks work on the raw bytes, the way the parser's first steps do. Each
kind of finding is reported once per ``&``-separated sequence (at its first
occurrence there), so the list stays as long as the input has fields, not
as long as it has bytes. Every check is one pass of a regular expression
without nested repetition, or one split: lint runs in linear time on any
input, hostile ones included (``benchmarks/bench_lint.py`` measures it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Union

from ._encoding import Encoding, decode, get_encoding
from ._errors import UnknownEncodingError
from ._percent import percent_decode_bytes, utf8_encode

__all__ = ["CODES", "Finding", "lint"]

BytesLike = Union[bytes, bytearray, memoryview]

#: Every lint code: (name, severity, summary). Codes never change meaning.
CODES: dict[str, tuple[str, str, str]] = {
    "U101": ("leading-question-mark", "error", "the input starts with '?'"),
    "U102": ("trailing-newline", "error", "the input ends with CR or LF"),
    "U103": ("semicolon-separator", "warning", "';' where '&' was probably meant"),
    "U104": ("empty-sequence", "info", "an empty sequence ('&&', or '&' at either end)"),
    "U201": ("bad-percent", "error", "'%' not followed by two hex digits"),
    "U202": ("lowercase-hex", "info", "a percent-encoded byte with lower-case hex digits"),
    "U203": ("mixed-space", "warning", "both '+' and '%20' encode a space"),
    "U204": ("double-encoded", "warning", "a percent-encoded '%' before two hex digits"),
    "U301": ("raw-non-ascii", "error", "a byte above 0x7F that is not percent-encoded"),
    "U302": ("raw-space", "warning", "a space that is not encoded as '+' or '%20'"),
    "U303": ("raw-control", "error", "a control byte that is not percent-encoded"),
    "U304": ("invalid-encoding", "error", "percent-decoded bytes invalid in the encoding"),
    "U401": ("charset-field", "info", "a '_charset_' field"),
    "U402": ("repeated-name", "info", "the same name more than once"),
    "U403": ("nested-brackets", "info", "a name or value that looks like nested data"),
}

_SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True)
class Finding:
    """One thing :func:`lint` found: where, what, and how bad.

    :attr:`code` is stable (``"U201"``); :attr:`name` is its readable form
    (``"bad-percent"``); :attr:`severity` is ``"error"`` (the input will be
    read differently than it was meant), ``"warning"`` (it probably will) or
    ``"info"`` (worth knowing); :attr:`offset` is the byte offset in the
    input (a str input counts its UTF-8 bytes); :attr:`message` says what
    and why. ``str(finding)`` gives one line.

    >>> Finding("U202", 4, "'%e9' has lower-case hex digits")
    Finding(code='U202', offset=4, message="'%e9' has lower-case hex digits", severity='info')
    >>> print(Finding("U202", 4, "'%e9' has lower-case hex digits"))
    byte 4: U202 lowercase-hex (info): '%e9' has lower-case hex digits

    .. versionadded:: 1.1
    """

    code: str
    offset: int
    message: str
    severity: str = ""

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"code must be one of the lint codes, got {self.code!r}")
        if not self.severity:
            object.__setattr__(self, "severity", CODES[self.code][1])
        elif self.severity not in _SEVERITIES:
            raise ValueError(f"severity must be one of {_SEVERITIES}, got {self.severity!r}")

    @property
    def name(self) -> str:
        """The code's readable name, such as ``"bad-percent"``."""
        return CODES[self.code][0]

    def __str__(self) -> str:
        return f"byte {self.offset}: {self.code} {self.name} ({self.severity}): {self.message}"


_SEQUENCE = re.compile(rb"[^&]+")
_AMPERSAND_RUN = re.compile(rb"&{2,}")
_BAD_PERCENT = re.compile(rb"%(?![0-9A-Fa-f]{2})")
_LOWER_HEX = re.compile(rb"%(?:[a-f][0-9A-Fa-f]|[0-9A-F][a-f])")
_DOUBLE_ENCODED = re.compile(rb"%25[0-9A-Fa-f]{2}")
_RAW_NON_ASCII = re.compile(rb"[\x80-\xff]")
_RAW_CONTROL = re.compile(rb"[\x00-\x1f\x7f]")
_RAW_SPACE = re.compile(rb" ")
# name[key][key] or name[]: PHP, Rails and the qs library read these as nested data.
_BRACKET_NAME = re.compile(rb"[^\[\]]+(?:\[[^\[\]]*\])+")
_CHARSET_FIELD = b"_charset_"


def _show(data: bytes) -> str:
    """Raw bytes as a short, printable quotation."""
    text = repr(data[:40])[1:]
    return text if len(data) <= 40 else text[:-1] + "...'"


def _first_per_sequence(body: bytes, pattern: re.Pattern[bytes], end: int) -> Iterator[int]:
    """Offsets of the first match of *pattern* in each sequence of ``body[:end]``."""
    sequence_end = -1
    for match in pattern.finditer(body, 0, end):
        start = match.start()
        if start < sequence_end:
            continue
        sequence_end = body.find(b"&", start)
        if sequence_end == -1:
            sequence_end = len(body)
        yield start


def _semicolons(body: bytes) -> Iterator[Finding]:
    """U103: a ';' inside a value, followed by something that looks like name=value."""
    sequence_end = -1
    position = body.find(b";")
    while position != -1:
        if position >= sequence_end:
            start = body.rfind(b"&", 0, position) + 1
            sequence_end = body.find(b"&", position)
            if sequence_end == -1:
                sequence_end = len(body)
            parts = body[start:sequence_end].split(b";")
            if b"=" in parts[0]:
                offset = start + len(parts[0])
                for part in parts[1:]:
                    if b"=" in part:
                        yield Finding(
                            "U103",
                            offset,
                            f"';' then {_show(part)} looks like a separator; only '&' "
                            "separates fields, so this is all one value",
                        )
                        break
                    offset += len(part) + 1
            position = body.find(b";", sequence_end)
        else:  # pragma: no cover - the find above always skips past the sequence
            position = body.find(b";", position + 1)


def _empty_sequences(body: bytes) -> Iterator[Finding]:
    """U104: each run of '&' that leaves empty sequences, at its first '&'."""
    runs = [match.span() for match in _AMPERSAND_RUN.finditer(body)]
    # A single '&' leaves an empty sequence only at either end of the input.
    if body[:1] == b"&" and body[1:2] != b"&":
        runs.insert(0, (0, 1))
    if len(body) > 1 and body[-1:] == b"&" and body[-2:-1] != b"&":
        runs.append((len(body) - 1, len(body)))
    for start, end in runs:
        # Step 3.1 of the parser skips each empty sequence.
        count = end - start - 1 + (start == 0) + (end == len(body))
        where = (
            "at the start" if start == 0 else "at the end" if end == len(body) else "between fields"
        )
        yield Finding(
            "U104",
            start,
            f"{count} empty sequence{'s' if count > 1 else ''} {where}; parse skips "
            f"{'them' if count > 1 else 'it'}",
        )


def _check_bytes(body: bytes) -> Iterator[Finding]:
    """The checks on raw bytes (codes U1xx to U303)."""
    content_end = len(body.rstrip(b"\r\n"))
    if body.startswith(b"?"):
        yield Finding("U101", 0, "the first name starts with '?': pass the query without its '?'")
    if content_end < len(body):
        yield Finding(
            "U102",
            content_end,
            f"the last value ends with {_show(body[content_end:])}, which parse keeps "
            "(echo adds a newline; use printf or echo -n)",
        )
    yield from _semicolons(body[:content_end])
    yield from _empty_sequences(body)
    for offset in _first_per_sequence(body, _BAD_PERCENT, len(body)):
        following = body[offset + 1 : offset + 3]
        yield Finding(
            "U201",
            offset,
            (
                f"'%' followed by {_show(following)} is not an escape"
                if following
                else "'%' ends the input"
            )
            + "; it stays a literal '%' (encode it as %25)",
        )
    for offset in _first_per_sequence(body, _LOWER_HEX, len(body)):
        yield Finding(
            "U202",
            offset,
            f"{_show(body[offset : offset + 3])} has lower-case hex digits; decoders accept "
            "them, but signatures over the raw text differ",
        )
    plus = body.find(b"+")
    percent_20 = body.find(b"%20")
    if plus != -1 and percent_20 != -1:
        yield Finding(
            "U203",
            max(plus, percent_20),
            f"'+' (first at byte {plus}) and '%20' (first at byte {percent_20}) both encode "
            "a space: the input was built by two different encoders",
        )
    for offset in _first_per_sequence(body, _DOUBLE_ENCODED, len(body)):
        yield Finding(
            "U204",
            offset,
            f"{_show(body[offset : offset + 5])} decodes to "
            f"{_show(percent_decode_bytes(body[offset : offset + 5]))}: percent-encoded twice?",
        )
    for offset in _first_per_sequence(body, _RAW_NON_ASCII, len(body)):
        yield Finding(
            "U301",
            offset,
            f"raw byte {body[offset]:#04x}: encode bytes above 0x7F as %XX; a parser reading "
            "another encoding than the sender's may stop or misread it",
        )
    for offset in _first_per_sequence(body, _RAW_SPACE, content_end):
        yield Finding("U302", offset, "raw space: encode it as '+' (or '%20')")
    for offset in _first_per_sequence(body, _RAW_CONTROL, content_end):
        yield Finding("U303", offset, f"raw control byte {body[offset]:#04x}: encode it as %XX")


def _is_nested_value(value: bytes) -> bool:
    return len(value) >= 2 and (value[:1], value[-1:]) in ((b"[", b"]"), (b"{", b"}"))


def _check_fields(body: bytes, encoding: Encoding) -> Iterator[Finding]:
    """The checks on percent-decoded names and values (codes U304 to U403)."""
    whole_valid = False
    if encoding.name == "UTF-8":
        # An ASCII byte is never part of a UTF-8 error, so the whole body is
        # valid exactly when every field is; the fields are checked only if not.
        try:
            percent_decode_bytes(body).decode("utf-8")
            whole_valid = True
        except UnicodeDecodeError:
            pass
    names: dict[bytes, list[int]] = {}
    for match in _SEQUENCE.finditer(body):
        start = match.start()
        raw_name, equals, raw_value = match.group().partition(b"=")
        name = percent_decode_bytes(raw_name.replace(b"+", b" "))
        value = percent_decode_bytes(raw_value.replace(b"+", b" "))
        value_start = start + len(raw_name) + len(equals)
        if not whole_valid:
            for role, part, offset in (("name", name, start), ("value", value, value_start)):
                try:
                    decode(encoding, part, fatal=True)
                except UnicodeDecodeError as error:
                    bad = part[error.start : error.end]
                    yield Finding(
                        "U304",
                        offset,
                        f"the {role} is not valid {encoding.name}: its decoded bytes "
                        f"{_show(bad)} at index {error.start} become U+FFFD",
                    )
        seen = names.get(name)
        if seen is None:
            names[name] = [start, -1, 1]
        else:
            if seen[2] == 1:
                seen[1] = start
            seen[2] += 1
        if name == _CHARSET_FIELD:
            yield from _charset_field(value, start, encoding)
        if _BRACKET_NAME.fullmatch(name):
            yield Finding(
                "U403",
                start,
                f"the name {_show(name)} uses brackets: parse keeps it as one flat name, "
                "where PHP, Rails or qs would build nested data",
            )
        if _is_nested_value(value):
            yield Finding(
                "U403",
                value_start,
                f"the value {_show(value)} looks like JSON or nested data; parse returns it "
                "as text",
            )
    for name, (first, second, count) in names.items():
        if count > 1:
            yield Finding(
                "U402",
                second,
                f"the name {_show(name)} appears {count} times (first at byte {first}); "
                "a dict keeps only one value",
            )


def _charset_field(value: bytes, offset: int, encoding: Encoding) -> Iterator[Finding]:
    """U401: what a ``_charset_`` field says, and whether it agrees with *encoding*."""
    label = value.decode("latin-1")
    try:
        named = get_encoding(label)
    except UnknownEncodingError:
        yield Finding(
            "U401",
            offset,
            f"'_charset_' holds {label!r}, which is not an encoding label",
            "warning",
        )
        return
    if named == encoding:
        yield Finding("U401", offset, f"'_charset_' names {named.name}, the encoding in use")
    else:
        yield Finding(
            "U401",
            offset,
            f"'_charset_' names {named.name}, but the input is read as {encoding.name}: "
            "parse with use_charset_field=True (or --charset-field) to follow it",
            "warning",
        )


def lint(data: BytesLike | str, *, encoding: str | Encoding = "UTF-8") -> list[Finding]:
    """List what in a urlencoded body is likely a mistake, with byte offsets.

    The parser (https://url.spec.whatwg.org/#concept-urlencoded-parser) reads
    every input without complaint; lint says where the input probably does
    not mean what it says: a ``;`` used as a separator, a ``%`` without two
    hex digits, a raw newline that ``echo`` added, bytes invalid in the
    encoding, a name given twice. The codes, with an example each, are
    listed in the documentation's lint page; :data:`CODES` maps each code to
    its name, severity and summary.

    Each kind of finding is reported at its first occurrence in each
    ``&``-separated sequence; input-wide ones (``U101``, ``U102``, ``U203``)
    once. Lint takes linear time in the input's length.

    :param data: the body or query, as bytes or str (UTF-8 encoded first).
    :param encoding: the encoding the names and values are meant to be read
        in (a label or :class:`Encoding`), for ``U304`` and ``U401``.
    :returns: the findings, ordered by offset, then code.
    :raises TypeError: if *data* is not bytes or str.
    :raises UnknownEncodingError: if *encoding* is not a known label.

    >>> for finding in lint("?q=caf%c3%a9;lang=fr&q=x"):
    ...     print(finding)
    byte 0: U101 leading-question-mark (error): the first name starts with '?': ...
    byte 6: U202 lowercase-hex (info): '%c3' has lower-case hex digits; ...
    byte 12: U103 semicolon-separator (warning): ';' then 'lang=fr' looks like ...
    >>> lint(b"a=1&b=2")
    []

    .. versionadded:: 1.1
    """
    if isinstance(data, str):
        body = utf8_encode(data)
    elif isinstance(data, (bytes, bytearray, memoryview)):
        body = bytes(data)
    else:
        raise TypeError(f"lint() takes bytes or str, not {type(data).__name__}")
    resolved = get_encoding(encoding)
    findings = [*_check_bytes(body), *_check_fields(body, resolved)]
    findings.sort(key=lambda finding: (finding.offset, finding.code))
    return findings

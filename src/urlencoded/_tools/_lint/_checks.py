"""The lint checks: each finds one kind of mistake in the raw bytes, in offset order.

The checks work on the raw bytes, the way the parser's first steps do. Each
kind of finding is reported once per ``&``-separated sequence (at its first
occurrence there), so the list stays as long as the input has fields, not
as long as it has bytes. Every check is one pass of a regular expression
that looks at each byte a bounded number of times, or one split (U402 counts
the names in one more pass): lint runs in linear time on any input, hostile
ones included (``benchmarks/bench_lint.py`` measures it).
"""

from __future__ import annotations

import itertools
import operator
import re
import unicodedata
from collections import Counter
from collections.abc import Iterator

from ..._core import BLOCK, percent_decode_bytes
from ..._encoding import Encoding, decode, get_encoding
from ..._errors import UnknownEncodingError
from ..._web import LOG_FORMATS, find_query
from ._findings import Finding

# A non-empty sequence: its name (up to the first '='), the '=' if any, its value.
_FIELD = re.compile(rb"(?=[^&])([^&=]*)(=?)([^&]*)")
# The name of each non-empty sequence.
_NAME = re.compile(rb"(?<![^&])(?=[^&])[^&=]*")
_AMPERSAND_RUN = re.compile(rb"&{2,}")
# U103, in a sequence whose name ends at an '=' before any ';': group 1 runs
# from the first ';' to the one that starts the first part holding an '='.
# Each part is scanned at most twice (once more on backtracking), so the
# search is linear.
_SEMICOLON = re.compile(rb"(?<![^&])[^&;=]*=[^&;]*(;(?:[^&;=]*;)*)[^&;=]*=")
# U107: a sequence that starts with the rest of an HTML character reference to '&'
# ('&amp;', '&#38;', '&#x26;', any case, leading zeros allowed as HTML allows them).
_HTML_AMPERSAND = re.compile(rb"(?<=&)(?:amp|#0*38|#x0*26);", re.IGNORECASE)
_BAD_PERCENT = re.compile(rb"%(?![0-9A-Fa-f]{2})")
_LOWER_HEX = re.compile(rb"%(?:[a-f][0-9A-Fa-f]|[0-9A-F][a-f])")
_DOUBLE_ENCODED = re.compile(rb"%25[0-9A-Fa-f]{2}")
_RAW_NON_ASCII = re.compile(rb"[\x80-\xff]")
_RAW_CONTROL = re.compile(rb"[\x00-\x1f\x7f]")
_RAW_SPACE = re.compile(rb" ")
# name[key][key] or name[]: PHP, Rails and the qs library read these as nested data.
_BRACKET_NAME = re.compile(rb"[^\[\]]+(?:\[[^\[\]]*\])+")
_CHARSET_FIELD = b"_charset_"
# U105: the kinds of input that are not bodies, and how they start (after C0 controls
# and spaces, which the URL parser strips).
_KINDS = {"target": "a request target", "url": "a URL"}
_URL_START = re.compile(rb"[\x00-\x20]*(?:/|[A-Za-z][A-Za-z0-9+.\-]*://)")
# U305 and U306, as Trojan Source (CVE-2021-42574) review tools flag them.
_INVISIBLE = re.compile("[\u200b-\u200d\u2028\u2029\u2060\ufeff]")
_BIDI = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# Raw bytes that may decode to one of them in UTF-8 (E2 80..81 xx, EF BB BF), or in others.
_UTF8_HINT = re.compile(rb"%[Ee][2Ff]|[\xe2\xef]")
_HIGH_HINT = re.compile(rb"%[89A-Fa-f][0-9A-Fa-f]|[\x80-\xff]")
# How a value that decodes to something ending with ']' or '}' ends.
_BRACKET_ENDS = (b"]", b"}", b"%5D", b"%5d", b"%7D", b"%7d")
# The order of findings; no two findings share both.
_ORDER = operator.attrgetter("offset", "code")


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


def _input_wide(body: bytes, content_end: int) -> Iterator[Finding]:
    """U101, U102 and U203: at most one each, for the whole input, in offset order."""
    found = []
    if body.startswith(b"?"):
        found.append(
            Finding("U101", 0, "the first name starts with '?': pass the query without its '?'")
        )
    found += _not_a_body(body)
    if content_end < len(body):
        found.append(
            Finding(
                "U102",
                content_end,
                f"the last value ends with {_show(body[content_end:])}, which parse keeps "
                "(echo adds a newline; use printf or echo -n)",
            )
        )
    plus = body.find(b"+")
    percent_20 = body.find(b"%20")
    if plus != -1 and percent_20 != -1:
        found.append(
            Finding(
                "U203",
                max(plus, percent_20),
                f"'+' (first at byte {plus}) and '%20' (first at byte {percent_20}) both "
                "encode a space: the input was built by two different encoders",
            )
        )
    found.sort(key=_ORDER)
    yield from found


def _not_a_body(body: bytes) -> list[Finding]:
    """U105 and U106: the whole input is a URL, a request target or a log line."""
    first_line = body.split(b"\n", 1)[0].rstrip(b"\r")
    for log_format, pattern in LOG_FORMATS.items():
        match = pattern.fullmatch(first_line)
        if match is not None:
            target = match.group("target")
            shown = "no request target" if target is None else f"the target {_show(target)}"
            return [
                Finding(
                    "U106",
                    0,
                    f"the input is an access-log line ({log_format} format) with {shown}: "
                    f"pass only its query (urlencoded parse --lines --input-format {log_format})",
                )
            ]
    if _URL_START.match(body):
        found = find_query(body)
        if found.kind in _KINDS:
            where = (
                "it has no query"
                if found.query is None
                else f"its query starts at byte {found.start}"
                if found.start >= 0
                else "its query follows a '?'"
            )
            return [
                Finding(
                    "U105",
                    0,
                    f"the input is {_KINDS[found.kind]}, not a body: {where}; pass only the "
                    "query (urlencoded.query_params(url) reads it)",
                )
            ]
    return []


def _semicolons(body: bytes, end: int) -> Iterator[Finding]:
    """U103: a ';' inside a value, followed by something that looks like name=value.

    Only ``body[:end]`` is looked at.
    """
    for match in _SEMICOLON.finditer(body, 0, end):
        offset = match.end(1) - 1
        # The part after the ';' ends at the next ';' or at the end of the sequence.
        part_end = body.find(b"&", match.end(), end)
        if part_end == -1:
            part_end = end
        semicolon = body.find(b";", match.end(), part_end)
        part = body[offset + 1 : part_end if semicolon == -1 else semicolon]
        yield Finding(
            "U103",
            offset,
            f"';' then {_show(part)} looks like a separator; only '&' "
            "separates fields, so this is all one value",
        )


def _empty_sequences(body: bytes) -> Iterator[Finding]:
    """U104: each run of '&' that leaves empty sequences, at its first '&'.

    These are the only findings at an ``&``, so the only ones outside every pair.
    """
    size = len(body)
    # A single '&' leaves an empty sequence only at either end of the input.
    first = ((0, 1),) if body[:1] == b"&" and body[1:2] != b"&" else ()
    last = ((size - 1, size),) if size > 1 and body[-1:] == b"&" and body[-2:-1] != b"&" else ()
    runs = (match.span() for match in _AMPERSAND_RUN.finditer(body))
    for start, end in itertools.chain(first, runs, last):
        # Step 3.1 of the parser skips each empty sequence.
        count = end - start - 1 + (start == 0) + (end == size)
        where = "at the start" if start == 0 else "at the end" if end == size else "between fields"
        yield Finding(
            "U104",
            start,
            f"{count} empty sequence{'s' if count > 1 else ''} {where}; parse skips "
            f"{'them' if count > 1 else 'it'}",
        )


def _html_ampersands(body: bytes) -> Iterator[Finding]:
    """U107: a sequence that starts just after the '&' of '&amp;', '&#38;' or '&#x26;'.

    The '&' separated the fields and the rest of the reference became the
    start of a name: ``a=1&amp;b=2`` reads the names ``a`` and ``amp;b``.
    """
    for match in _HTML_AMPERSAND.finditer(body):
        start = match.start()
        reference = b"&" + match.group()
        sequence_end = body.find(b"&", start)
        if sequence_end == -1:
            sequence_end = len(body)
        equals = body.find(b"=", start, sequence_end)
        name = body[start : sequence_end if equals == -1 else equals]
        yield Finding(
            "U107",
            start,
            f"{_show(reference)} is '&' escaped for HTML, so the name reads {_show(name)}: "
            "the query was HTML-escaped once too often; unescape it before parsing "
            f"(each {_show(reference)} back to '&')",
        )


def _bad_percents(body: bytes) -> Iterator[Finding]:
    """U201."""
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


def _lowercase_hex(body: bytes) -> Iterator[Finding]:
    """U202."""
    for offset in _first_per_sequence(body, _LOWER_HEX, len(body)):
        yield Finding(
            "U202",
            offset,
            f"{_show(body[offset : offset + 3])} has lower-case hex digits; decoders accept "
            "them, but signatures over the raw text differ (urlencoded.normalize(text) gives "
            "the canonical form to sign or compare)",
        )


def _double_encoded(body: bytes) -> Iterator[Finding]:
    """U204."""
    for offset in _first_per_sequence(body, _DOUBLE_ENCODED, len(body)):
        yield Finding(
            "U204",
            offset,
            f"{_show(body[offset : offset + 5])} decodes to "
            f"{_show(percent_decode_bytes(body[offset : offset + 5]))}: percent-encoded twice? "
            "(urlencoded.normalize(text) gives the canonical form to compare with)",
        )


def _non_ascii(body: bytes) -> Iterator[Finding]:
    """U301."""
    for offset in _first_per_sequence(body, _RAW_NON_ASCII, len(body)):
        yield Finding(
            "U301",
            offset,
            f"raw byte {body[offset]:#04x}: encode bytes above 0x7F as %XX; a parser reading "
            "another encoding than the sender's may stop or misread it",
        )


def _spaces(body: bytes, content_end: int) -> Iterator[Finding]:
    """U302."""
    for offset in _first_per_sequence(body, _RAW_SPACE, content_end):
        yield Finding("U302", offset, "raw space: encode it as '+' (or '%20')")


def _controls(body: bytes, content_end: int) -> Iterator[Finding]:
    """U303."""
    for offset in _first_per_sequence(body, _RAW_CONTROL, content_end):
        yield Finding("U303", offset, f"raw control byte {body[offset]:#04x}: encode it as %XX")


def _is_nested_value(value: bytes) -> bool:
    return len(value) >= 2 and (value[:1], value[-1:]) in ((b"[", b"]"), (b"{", b"}"))


def _decoded(raw: bytes) -> bytes:
    """Steps 3.3-3.4 of the parser: '+' to space, then percent-decode."""
    if b"%" in raw or b"+" in raw:
        return percent_decode_bytes(raw.replace(b"+", b" "))
    return raw


def _repeated_names(body: bytes) -> dict[bytes, int]:
    """Each percent-decoded name given more than once, with its number of fields."""
    counts: Counter[bytes] = Counter()
    for start, end in blocks(body):
        names = _NAME.findall(body, start, end)
        if body.find(b"%", start, end) != -1 or body.find(b"+", start, end) != -1:
            names = list(map(_decoded, names))
        counts.update(names)
    return {name: count for name, count in counts.items() if count > 1}


def blocks(body: bytes) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of pieces of *body* of about 64 KiB, each cut just after an '&'."""
    start = 0
    while start < len(body):
        end = body.find(b"&", start + BLOCK)
        end = len(body) if end == -1 else end + 1
        yield start, end
        start = end


def _valid_utf8(body: bytes) -> bool:
    """Whether every name and value of *body* percent-decodes to valid UTF-8.

    An ASCII byte is never part of a UTF-8 error, so this holds exactly when
    the whole body, percent-decoded, is valid; it is checked in blocks cut
    after an '&', which never splits an escape.
    """
    for start, end in blocks(body):
        try:
            percent_decode_bytes(body[start:end]).decode("utf-8")
        except UnicodeDecodeError:
            return False
    return True


def _check_fields(body: bytes, encoding: Encoding) -> Iterator[Finding]:
    """The checks on percent-decoded names and values (codes U304 to U403), in offset order.

    U402 gives the number of times a name appears at its second field, so a
    first pass counts the names.
    """
    whole_valid = encoding.name == "UTF-8" and _valid_utf8(body)
    # Which fields may hold an invisible or bidi character (UTF-16 turns ASCII bytes into them).
    hint = (
        _UTF8_HINT
        if encoding.name == "UTF-8"
        else None
        if encoding.name.startswith("UTF-16")
        else _HIGH_HINT
    )
    repeated = _repeated_names(body)
    # Repeated names seen once so far: name -> offset of the first field.
    firsts: dict[bytes, int] = {}
    for match in _FIELD.finditer(body):
        start = match.start()
        raw_name, equals, raw_value = match.groups()
        name = _decoded(raw_name)
        # The value matters only to U304, U401 and U403 (whose value ends with a bracket).
        value = b""
        if not whole_valid or name == _CHARSET_FIELD or raw_value.endswith(_BRACKET_ENDS):
            value = _decoded(raw_value)
        value_start = start + len(raw_name) + len(equals)
        found = []
        if not whole_valid:
            for role, part, offset in (("name", name, start), ("value", value, value_start)):
                try:
                    decode(encoding, part, fatal=True)
                except UnicodeDecodeError as error:
                    bad = part[error.start : error.end]
                    found.append(
                        Finding(
                            "U304",
                            offset,
                            f"the {role} is not valid {encoding.name}: its decoded bytes "
                            f"{_show(bad)} at index {error.start} become U+FFFD",
                        )
                    )
        if name in repeated:
            first = firsts.pop(name, None)
            if first is None:
                firsts[name] = start
            else:
                found.append(
                    Finding(
                        "U402",
                        start,
                        f"the name {_show(name)} appears {repeated.pop(name)} times (first at "
                        f"byte {first}); a dict keeps only one value",
                    )
                )
        if hint is None or hint.search(body, start, match.end()):
            if not value and raw_value:
                value = _decoded(raw_value)
            found += _invisible(name, value, start, value_start, encoding)
        if name == _CHARSET_FIELD:
            found.append(_charset_field(value, start, encoding))
        if b"[" in name and _BRACKET_NAME.fullmatch(name):
            found.append(
                Finding(
                    "U403",
                    start,
                    f"the name {_show(name)} uses brackets: parse keeps it as one flat name, "
                    "where PHP, Rails or qs would build nested data",
                )
            )
        if value.endswith((b"]", b"}")) and _is_nested_value(value):
            found.append(
                Finding(
                    "U403",
                    value_start,
                    f"the value {_show(value)} looks like JSON or nested data; parse returns "
                    "it as text",
                )
            )
        if found:
            # A sequence's findings lie within it: ordering each sequence orders them all.
            found.sort(key=_ORDER)
            yield from found


def _invisible(
    name: bytes, value: bytes, start: int, value_start: int, encoding: Encoding
) -> list[Finding]:
    """U305 and U306: the first invisible and the first bidi character of a field, if any."""
    found = []
    texts = (
        ("name", decode(encoding, name), start),
        ("value", decode(encoding, value), value_start),
    )
    for code, pattern, what in (
        ("U305", _INVISIBLE, "an invisible character: it looks like the text without it, "),
        (
            "U306",
            _BIDI,
            "which changes the direction text is shown in: it can make text look like other text, ",
        ),
    ):
        for role, text, offset in texts:
            hit = pattern.search(text)
            if hit is not None:
                character = hit.group()
                found.append(
                    Finding(
                        code,
                        offset,
                        f"the {role} holds U+{ord(character):04X} "
                        f"{unicodedata.name(character, '')} at index {hit.start()}, "
                        f"{what}but compares differently (strip it, or reject it)",
                    )
                )
                break
    return found


def _charset_field(value: bytes, offset: int, encoding: Encoding) -> Finding:
    """U401: what a ``_charset_`` field says, and whether it agrees with *encoding*."""
    label = value.decode("latin-1")
    try:
        named = get_encoding(label)
    except UnknownEncodingError:
        return Finding(
            "U401",
            offset,
            f"'_charset_' holds {label!r}, which is not an encoding label",
            "warning",
        )
    if named == encoding:
        return Finding("U401", offset, f"'_charset_' names {named.name}, the encoding in use")
    return Finding(
        "U401",
        offset,
        f"'_charset_' names {named.name}, but the input is read as {encoding.name}: "
        "parse with charset_field='_charset_' (or --charset-field) to follow it",
        "warning",
    )

"""A literal, byte-by-byte transcription of the lint rules, for property tests.

Each rule of ``docs/lint.rst`` is written here the slow, obvious way: split
the input on ``&`` as step 1 of the parser does
(https://url.spec.whatwg.org/#concept-urlencoded-parser), then walk each
sequence byte by byte. ``urlencoded.lint`` must report the same codes at the
same offsets.

The second half, from :func:`materialized_lint` on, is the implementation of
``lint`` before it streamed, kept word for word: it lists every finding, then
sorts them. ``urlencoded.iter_lint`` must yield exactly its findings, messages
included, in its order.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from urlencoded import get_encoding
from urlencoded._core._percent import percent_decode_bytes, utf8_encode
from urlencoded._encoding import Encoding, decode
from urlencoded._errors import UnknownEncodingError
from urlencoded._tools._lint import Finding

HEX = b"0123456789ABCDEFabcdef"


def _percent_decode(data: bytes) -> bytes:
    """https://url.spec.whatwg.org/#percent-decode, one byte at a time."""
    output = bytearray()
    index = 0
    while index < len(data):
        byte = data[index]
        if byte == 0x25 and _hex2(data, index + 1):
            output.append(int(data[index + 1 : index + 3], 16))
            index += 3
            continue
        output.append(byte)
        index += 1
    return bytes(output)


def _hex2(data: bytes, index: int) -> bool:
    return index + 1 < len(data) and data[index] in HEX and data[index + 1] in HEX


def _is_bracket_name(name: bytes) -> bool:
    """name[key]...[key]: a non-empty base without brackets, then one or more [..] groups."""
    base_end = name.find(b"[")
    if base_end <= 0 or b"]" in name[:base_end]:
        return False
    index = base_end
    while index < len(name):
        if name[index] != 0x5B:
            return False
        close = name.find(b"]", index)
        if close == -1 or b"[" in name[index + 1 : close]:
            return False
        index = close + 1
    return True


# U305 and U306: the code points of docs/lint.rst, one by one.
INVISIBLE = {0x200B, 0x200C, 0x200D, 0x2028, 0x2029, 0x2060, 0xFEFF}
BIDI = {0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069}


def _invisible(
    name: bytes, value: bytes, start: int, value_start: int, encoding: Encoding
) -> list[tuple[str, str, int, str, int]]:
    """(code, role, offset, character, index) of the first U305 and U306 of one sequence."""
    found = []
    texts = [
        ("name", decode(encoding, name), start),
        ("value", decode(encoding, value), value_start),
    ]
    for code, points in (("U305", INVISIBLE), ("U306", BIDI)):
        done = False
        for role, text, offset in texts:
            for index, character in enumerate(text):
                if ord(character) in points:
                    found.append((code, role, offset, character, index))
                    done = True
                    break
            if done:
                break
    return found


def _quoted(line: bytes, index: int) -> int:
    """The index after a '"'-quoted log field starting at *index* (backslash escapes), or -1."""
    if line[index : index + 1] != b'"':
        return -1
    index += 1
    while index < len(line):
        byte = line[index]
        if byte == 0x22:
            return index + 1
        if byte == 0x5C:
            if index + 1 >= len(line):
                return -1
            index += 2
            continue
        index += 1
    return -1


def _request_target(request: bytes) -> bytes | None:
    """The target of a request line: after a method of letters and one space, up to a space."""
    method_end = 0
    while (
        method_end < len(request)
        and chr(request[method_end]).isascii()
        and chr(request[method_end]).isalpha()
    ):
        method_end += 1
    if method_end == 0 or request[method_end : method_end + 1] != b" ":
        return None
    index = method_end + 1
    while index < len(request) and request[index] not in b' "':
        index += 2 if request[index] == 0x5C else 1
    return request[method_end + 1 : index] or None


def log_line(line: bytes) -> tuple[str, bytes | None] | None:
    """("combined" or "common", the request target or None) of an access-log line, or None."""
    if b"\n" in line:  # no field holds a line feed
        return None
    if line.endswith(b"\r"):  # a line may end with CR LF
        line = line[:-1]
    index = 0
    for _ in range(3):  # %h %l %u: each one or more bytes other than a space
        end = line.find(b" ", index)
        if end <= index:
            return None
        index = end + 1
    if line[index : index + 1] != b"[":
        return None
    end = line.find(b"]", index)
    if end == -1 or line[end + 1 : end + 2] != b" ":
        return None
    index = end + 2
    end = _quoted(line, index)
    if end == -1:
        return None
    target = _request_target(line[index + 1 : end - 1])
    index = end
    # %>s: three digits or '-'; %b: one or more digits or '-'.
    for lengths in ((3,), range(1, len(line) + 1)):
        if line[index : index + 1] != b" ":
            return None
        index += 1
        end = index
        while end < len(line) and line[end] in b"0123456789":
            end += 1
        if line[index : index + 1] == b"-":
            end = index + 1
        elif end - index not in lengths:
            return None
        index = end
    if index == len(line):
        return "common", target
    for _ in range(2):
        if line[index : index + 1] != b" ":
            return None
        index = _quoted(line, index + 1)
        if index == -1:
            return None
    if index == len(line) or line[index : index + 1] == b" ":
        return "combined", target
    return None


def _not_a_body(body: bytes) -> tuple[str, str, bytes | None, int] | None:
    """U106 (code, log format, target, 0) or U105 (code, kind, query or None, query start)."""
    first_line = body.split(b"\n")[0]
    while first_line.endswith(b"\r"):
        first_line = first_line[:-1]
    found = log_line(first_line)
    if found is not None:
        return "U106", found[0], found[1], 0
    lead = 0
    while lead < len(body) and body[lead] <= 0x20:
        lead += 1
    end = len(body)
    while end > lead and body[end - 1] <= 0x20:
        end -= 1
    stripped = body[lead:end]
    if stripped[:1] == b"/":
        kind = "target"
    elif re.match(rb"[A-Za-z][A-Za-z0-9+.\-]*://", stripped):
        kind = "url"
    else:
        return None
    moved = any(byte in b"\t\n\r" for byte in stripped)
    text = bytes(byte for byte in stripped if byte not in b"\t\n\r")
    hash_sign = text.find(b"#")
    before_fragment = text if hash_sign == -1 else text[:hash_sign]
    question = before_fragment.find(b"?")
    if question == -1:
        return "U105", kind, None, -1
    return "U105", kind, before_fragment[question + 1 :], -1 if moved else lead + question + 1


def html_ampersand_reference(sequence: bytes) -> bytes | None:
    """The HTML character reference to '&' that *sequence* completes, read char by char.

    After the '&' that ended the previous sequence: ``amp;``, or ``#`` and decimal
    digits, or ``#x`` and hex digits, whose value is 38, then ``;``; any case.
    """
    lowered = sequence.lower()
    if lowered[:4] == b"amp;":
        return sequence[:4]
    if lowered[:1] != b"#":
        return None
    index = 1
    base = 10
    digits = b"0123456789"
    if lowered[1:2] == b"x":
        index = 2
        base = 16
        digits = b"0123456789abcdef"
    end = index
    while end < len(lowered) and lowered[end] in digits:
        end += 1
    if end == index or lowered[end : end + 1] != b";":
        return None
    if int(lowered[index:end], base) != 38:
        return None
    return sequence[: end + 1]


def reference_lint(body: bytes, encoding: str = "UTF-8") -> list[tuple[int, str]]:
    """(offset, code) of every finding, sorted."""
    resolved = get_encoding(encoding)
    found: list[tuple[int, str]] = []
    # Step 1 of the parser: the sequences, with their offsets.
    sequences = []
    start = 0
    for sequence in body.split(b"&"):
        sequences.append((start, sequence))
        start += len(sequence) + 1
    # The trailing run of CR and LF bytes.
    content_end = len(body)
    while content_end > 0 and body[content_end - 1] in b"\r\n":
        content_end -= 1
    if body[:1] == b"?":
        found.append((0, "U101"))
    not_a_body = _not_a_body(body)
    if not_a_body is not None:
        found.append((0, not_a_body[0]))
    if content_end < len(body):
        found.append((content_end, "U102"))
    # U104: each group of consecutive empty sequences, at the '&' before it.
    if body:
        previous_empty = False
        for index, (start, sequence) in enumerate(sequences):
            if not sequence and not previous_empty:
                found.append((0 if index == 0 else start - 1, "U104"))
            previous_empty = not sequence
    # U203
    if b"+" in body and b"%20" in body:
        found.append((max(body.find(b"+"), body.find(b"%20")), "U203"))
    names: dict[bytes, list[int]] = {}
    for index, (start, sequence) in enumerate(sequences):
        # U107: every sequence but the first follows an '&'.
        if index > 0 and html_ampersand_reference(sequence) is not None:
            found.append((start, "U107"))
        firsts: dict[str, int] = {}
        semicolon_done = False
        for index, byte in enumerate(sequence):
            offset = start + index
            rules = {
                "U201": byte == 0x25 and not _hex2(sequence, index + 1),
                "U202": byte == 0x25
                and _hex2(sequence, index + 1)
                and any(0x61 <= digit <= 0x66 for digit in sequence[index + 1 : index + 3]),
                "U204": sequence[index : index + 3] == b"%25" and _hex2(sequence, index + 3),
                "U301": byte >= 0x80,
                "U302": byte == 0x20 and offset < content_end,
                "U303": (byte < 0x20 or byte == 0x7F) and offset < content_end,
            }
            for code, hit in rules.items():
                if hit and code not in firsts:
                    firsts[code] = offset
            # U103: a ';' after the first '=' and before the sequence's first ';'
            # is a value; a later part between ';'s holding '=' looks like a field.
            if byte == 0x3B and not semicolon_done and offset < content_end:
                first_semicolon = sequence.find(b";")
                if b"=" in sequence[:first_semicolon]:
                    following = sequence[index + 1 : content_end - start].split(b";")[0]
                    if b"=" in following:
                        firsts["U103"] = offset
                        semicolon_done = True
                else:
                    semicolon_done = True
        found += [(offset, code) for code, offset in firsts.items()]
        if not sequence:
            continue
        equals = sequence.find(b"=")
        raw_name = sequence if equals == -1 else sequence[:equals]
        raw_value = b"" if equals == -1 else sequence[equals + 1 :]
        value_start = start + len(raw_name) + (equals != -1)
        name = _percent_decode(raw_name.replace(b"+", b" "))
        value = _percent_decode(raw_value.replace(b"+", b" "))
        for part, offset in ((name, start), (value, value_start)):
            try:
                decode(resolved, part, fatal=True)
            except UnicodeDecodeError:
                found.append((offset, "U304"))
        for code, _, offset, _, _ in _invisible(name, value, start, value_start, resolved):
            found.append((offset, code))
        names.setdefault(name, []).append(start)
        if name == b"_charset_":
            found.append((start, "U401"))
        if _is_bracket_name(name):
            found.append((start, "U403"))
        if len(value) >= 2 and value[:1] + value[-1:] in (b"[]", b"{}"):
            found.append((value_start, "U403"))
    for offsets in names.values():
        if len(offsets) > 1:
            found.append((offsets[1], "U402"))
    return sorted(found)


# lint() before it streamed, kept as it was: every check listed, then sorted.

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
            "them, but signatures over the raw text differ (urlencoded.normalize(text) gives "
            "the canonical form to sign or compare)",
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
            f"{_show(percent_decode_bytes(body[offset : offset + 5]))}: percent-encoded twice? "
            "(urlencoded.normalize(text) gives the canonical form to compare with)",
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
            "parse with charset_field='_charset_' (or --charset-field) to follow it",
            "warning",
        )


def materialized_lint(data: bytes | str, encoding: str = "UTF-8") -> list[Finding]:
    """Every finding, listed and then sorted by offset and code: lint() as it was in 1.0."""
    if isinstance(data, str):
        body = utf8_encode(data)
    elif isinstance(data, (bytes, bytearray, memoryview)):
        body = bytes(data)
    else:
        raise TypeError(f"lint() takes bytes or str, not {type(data).__name__}")
    resolved = get_encoding(encoding)
    findings = [*_check_bytes(body), *_check_fields(body, resolved), *_added_in_1_1(body, resolved)]
    findings.sort(key=lambda finding: (finding.offset, finding.code))
    return findings


_KINDS = {"target": "a request target", "url": "a URL"}
_WHAT = {
    "U305": "an invisible character: it looks like the text without it, ",
    "U306": "which changes the direction text is shown in: it can make text look like other text, ",
}


def _added_in_1_1(body: bytes, encoding: Encoding) -> Iterator[Finding]:
    """U105, U106, U107, U305 and U306, with their messages, from the reference checks above."""
    not_a_body = _not_a_body(body)
    if not_a_body is not None and not_a_body[0] == "U106":
        _, log_format, target, _ = not_a_body
        shown = "no request target" if target is None else f"the target {_show(target)}"
        yield Finding(
            "U106",
            0,
            f"the input is an access-log line ({log_format} format) with {shown}: "
            f"pass only its query (urlencoded parse --lines --input-format {log_format})",
        )
    elif not_a_body is not None:
        _, kind, query, start = not_a_body
        where = (
            "it has no query"
            if query is None
            else f"its query starts at byte {start}"
            if start >= 0
            else "its query follows a '?'"
        )
        yield Finding(
            "U105",
            0,
            f"the input is {_KINDS[kind]}, not a body: {where}; pass only the "
            "query (urlencoded.query_params(url) reads it)",
        )
    start = 0
    for index, sequence in enumerate(body.split(b"&")):
        reference = html_ampersand_reference(sequence) if index else None
        if reference is not None:
            name = sequence.partition(b"=")[0]
            yield Finding(
                "U107",
                start,
                f"{_show(b'&' + reference)} is '&' escaped for HTML, so the name reads "
                f"{_show(name)}: the query was HTML-escaped once too often; unescape it before "
                f"parsing (each {_show(b'&' + reference)} back to '&')",
            )
        if sequence:
            raw_name, equals, raw_value = sequence.partition(b"=")
            name = _percent_decode(raw_name.replace(b"+", b" "))
            value = _percent_decode(raw_value.replace(b"+", b" "))
            value_start = start + len(raw_name) + len(equals)
            for code, role, offset, character, index in _invisible(
                name, value, start, value_start, encoding
            ):
                yield Finding(
                    code,
                    offset,
                    f"the {role} holds U+{ord(character):04X} "
                    f"{unicodedata.name(character, '')} at index {index}, "
                    f"{_WHAT[code]}but compares differently (strip it, or reject it)",
                )
        start += len(sequence) + 1

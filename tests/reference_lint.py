"""A literal, byte-by-byte transcription of the lint rules, for property tests.

Each rule of ``docs/lint.rst`` is written here the slow, obvious way: split
the input on ``&`` as step 1 of the parser does
(https://url.spec.whatwg.org/#concept-urlencoded-parser), then walk each
sequence byte by byte. ``urlencoded.lint`` must report the same codes at the
same offsets.
"""

from __future__ import annotations

from urlencoded import get_encoding
from urlencoded._encoding import decode

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
    for start, sequence in sequences:
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

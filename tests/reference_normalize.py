"""A literal transcription of percent-encoding normalization, for the hypothesis properties.

RFC 3986 §6.2.2.1 (https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.1):
"the hexadecimal digits within a percent-encoding triplet (e.g., "%3a"
versus "%3A") are case-insensitive and therefore should be normalized to use
uppercase letters for the digits A-F."

RFC 3986 §6.2.2.2 (https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.2):
"URIs should be normalized by decoding any percent-encoded octet that
corresponds to an unreserved character".

RFC 2396 §2.4.2 (https://www.rfc-editor.org/rfc/rfc2396#section-2.4.2):
"Implementers should be careful not to escape or unescape the same string
more than once, since unescaping an already unescaped string might lead to
misinterpreting a percent data character as another escaped character".
Here: an escape stays encoded when its character, a hex digit, would come
right after a "%" that starts no escape, or after such a "%" and one hex
digit (and, for ``%uXXXX`` escapes, "u" right after such a "%", or a hex
digit after "%u" and up to three hex digits).

The characters decoded are given as a set: RFC 3986's unreserved characters
that the dialect never escapes and whose escapes its decoding does not keep.
Works one character at a time; nothing here imports the package.
"""

from __future__ import annotations

HEXDIG = "0123456789ABCDEFabcdef"
# RFC 3986 §2.3: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"


def escape_at(text: str, index: int, code_units: bool) -> tuple[int, int, bool] | None:
    """(length, value, is_code_unit) of the escape starting at *index*, or None."""
    if text[index] != "%":
        return None
    if index + 2 < len(text) and text[index + 1] in HEXDIG and text[index + 2] in HEXDIG:
        return 3, int(text[index + 1 : index + 3], 16), False
    if (
        code_units
        and index + 5 < len(text)
        and text[index + 1] == "u"
        and all(char in HEXDIG for char in text[index + 2 : index + 6])
    ):
        return 6, int(text[index + 2 : index + 6], 16), True
    return None


def would_start_escape(written: str, char: str, code_units: bool) -> bool:
    """Whether *char* after *written* continues a "%" that starts no escape."""
    # A "%" in the output that is not followed by a whole escape is a "%" that
    # started none in the input: escapes are written whole.
    if written.endswith("%"):
        return char in HEXDIG or (code_units and char == "u")
    if len(written) >= 2 and written[-2] == "%" and written[-1] in HEXDIG:
        return char in HEXDIG
    if code_units:
        for digits in range(4):
            start = len(written) - 2 - digits
            if (
                start >= 0
                and written[start : start + 2] == "%u"
                and all(c in HEXDIG for c in written[start + 2 :])
            ):
                return char in HEXDIG
    return False


def normalize(
    text: str, decoded: set[str], code_units: bool = False, kept_as_written: str = ""
) -> str:
    """Upper-case every escape's hex digits; decode escapes of the characters in *decoded*.

    ``%XX`` escapes of the characters in *kept_as_written* (those a dialect's
    decoding returns as written) are copied unchanged.
    """
    written = ""
    index = 0
    while index < len(text):
        escape = escape_at(text, index, code_units)
        if escape is None:
            written += text[index]
            index += 1
            continue
        length, value, is_code_unit = escape
        char = chr(value)
        if char in decoded and not would_start_escape(written, char, code_units):
            # §6.2.2.2: decode the unreserved character.
            written += char
        elif not is_code_unit and char in kept_as_written:
            written += text[index : index + 3]
        elif is_code_unit:
            # §6.2.2.1 for "%uXXXX": the hex digits upper-cased, the "u" as it is.
            written += "%u" + text[index + 2 : index + 6].upper()
        else:
            # §6.2.2.1: "%" and the two hex digits, upper-cased.
            written += "%" + text[index + 1 : index + 3].upper()
        index += length
    return written

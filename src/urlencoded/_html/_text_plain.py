"""The text/plain form encoding: one ``name=value`` line per pair, nothing escaped.

https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#text/plain-encoding-algorithm

A form with ``enctype="text/plain"`` submits its pairs as lines of
``name=value`` ending in CRLF, encoded in the form's encoding with the
"html" error mode (a character the encoding lacks becomes ``&#N;``), and
with no percent-encoding at all. It was made for ``mailto:`` forms that a
person reads. HTML warns that it is not reliably machine-readable: a name
may hold ``=``, a value may hold CRLF, and ``&#N;`` cannot be told from the
same text typed by the user. :func:`serialize_text_plain` writes exactly
what a browser sends; :func:`parse_text_plain` makes a best effort at
reading it back and documents where that effort stops.

Both run after the steps that every form submission shares (the
``_charset_`` field and CRLF newlines, in ``_submission.py``), with the
same opt-in keywords as :func:`urlencoded.serialize`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import repeat
from typing import Union

from .._core import (
    CHARSET_FIELD,
    check_items,
    check_newlines,
    normalize_newlines,
    output_encoding,
    pair_items,
    to_usv_string,
    utf8_encode,
)
from .._encoding import (
    UTF_8,
    Encoding,
    decode_runs,
    encode_with_references,
    get_encoding,
)

__all__ = ["parse_text_plain", "serialize_text_plain"]

TextPairs = Union[Iterable[Sequence[Union[str, int, float]]], Mapping[str, Union[str, int, float]]]
_PAIR_TYPES = {tuple, list}
# Up to this many pairs, a loop checks and writes them faster than the C passes of _lines.
_FEW_PAIRS = 8
# Up to this many lines, a loop splits a body faster than the comprehension's setup.
_FEW_LINES = 8
_ISO_2022_JP = get_encoding("ISO-2022-JP")
# Encodings in which an ASCII byte is not always its own character (decoding).
_NOT_ASCII_COMPATIBLE = frozenset(["ISO-2022-JP", "UTF-16BE", "UTF-16LE", "replacement"])


def _lines(pairs: list[object]) -> str | None:
    """Steps 2-3 for a list of str pairs: ``name=value`` and CRLF each; None for
    any other list (the checks then name what is wrong)."""
    if len(pairs) <= _FEW_PAIRS:
        lines = []
        for pair in pairs:
            if (type(pair) is tuple or type(pair) is list) and len(pair) == 2:
                name, value = pair
                if type(name) is str and type(value) is str:
                    lines.append(f"{name}={value}\r\n")
                    continue
            return None
        return "".join(lines)
    # In C: one pass for the pair types, one for their lengths, one to write.
    if not set(map(type, pairs)) <= _PAIR_TYPES or set(map(len, pairs)) != {2}:  # type: ignore[arg-type]
        return None
    try:
        return "\r\n".join(map("=".join, pairs)) + "\r\n"  # type: ignore[arg-type]
    except TypeError:
        return None  # a name or value that is not a str


def _encode(encoding: Encoding, text: str) -> bytes:
    """https://encoding.spec.whatwg.org/#encode of *text* with the "html" error mode.

    Every output encoding writes an ASCII code point as its byte, but
    ISO-2022-JP, which refuses U+000E, U+000F and U+001B: an ASCII text is
    encoded in one C call. UTF-8 writes every scalar value (a surrogate is
    U+FFFD); the others go to the encoder.
    """
    if text.isascii():
        if encoding is not _ISO_2022_JP or (
            "\x1b" not in text and "\x0e" not in text and "\x0f" not in text
        ):
            return text.encode()
    elif encoding is UTF_8:
        return utf8_encode(text)
    return encode_with_references(encoding, text)


def _text_pairs(pairs: object) -> list[tuple[str, str]]:
    caller = "serialize_text_plain"
    checked = check_items(pair_items(pairs, caller), caller, str_only=True)
    return [(to_usv_string(name), to_usv_string(value)) for name, value in checked]


# Labels already resolved to an output encoding, for the calls that name one each time.
_OUTPUT_ENCODINGS: dict[object, Encoding] = {}


def _output_encoding(encoding: str | Encoding) -> Encoding:
    """output_encoding(*encoding*), remembered here for the first few hundred labels."""
    resolved = output_encoding(encoding)
    if len(_OUTPUT_ENCODINGS) < 256:
        _OUTPUT_ENCODINGS[encoding] = resolved
    return resolved


def serialize_text_plain(
    pairs: TextPairs,
    *,
    encoding: str | Encoding = "UTF-8",
    newlines: str | None = None,
    fill_charset_field: bool = False,
) -> bytes:
    """Encode (name, value) pairs as a text/plain form body, as browsers do.

    https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#text/plain-encoding-algorithm,
    then "encode" (https://encoding.spec.whatwg.org/#encode) with the output
    encoding of *encoding*: each pair becomes ``name=value`` and CRLF, and a
    character the encoding cannot represent becomes ``&#N;``. Nothing is
    escaped, so the body cannot always be read back (see
    :func:`parse_text_plain`).

    :param pairs: an iterable of ``(name, value)`` pairs, or a mapping: names
        are str, values str, int or float (written as Python writes them:
        :ref:`the rule for values <values>`).
    :param encoding: an encoding label or :class:`Encoding`; UTF-16 and
        replacement give UTF-8, as for any form.
    :param newlines: ``"crlf"`` turns every lone CR, lone LF and CRLF in names
        and values into CRLF, as browsers do before this algorithm runs.
    :param fill_charset_field: a pair named ``_charset_`` (ASCII
        case-insensitively) with an empty value gets the encoding's name.
    :returns: the body, as bytes in the encoding.
    :raises TypeError: if *pairs* is not pairs, a name is not str, a value
        not str, int or float (``bool`` and ``None`` included), or an option
        has the wrong type.
    :raises ValueError: for a bad *newlines* value, or a value ``nan`` or infinity.
    :raises UnknownEncodingError: if *encoding* is not a known label.

    >>> serialize_text_plain([("_charset_", ""), ("note", "a=b\\nc")], encoding="sjis",
    ...                      newlines="crlf", fill_charset_field=True)
    b'_charset_=Shift_JIS\\r\\nnote=a=b\\r\\nc\\r\\n'

    .. versionadded:: 1.1
    """
    try:
        resolved = _OUTPUT_ENCODINGS[encoding]
    except (KeyError, TypeError):  # TypeError: unhashable, for output_encoding to refuse
        resolved = _output_encoding(encoding)
    if type(pairs) is list and newlines is None and fill_charset_field is False:
        text = _lines(pairs)
        if text is not None:
            # As _encode does, without its call.
            if resolved is UTF_8:
                try:
                    return text.encode()
                except UnicodeEncodeError:  # a lone surrogate: U+FFFD
                    return utf8_encode(text)
            if text.isascii() and resolved is not _ISO_2022_JP:
                return text.encode()
            return _encode(resolved, text)
    crlf = check_newlines(newlines)
    if not isinstance(fill_charset_field, bool):
        raise TypeError(
            f"fill_charset_field must be a bool, not {type(fill_charset_field).__name__}"
        )
    # Step 1: the result is kept as a list of lines, joined once at step 3.
    result: list[str] = []
    # Step 2, after the shared submission steps.
    for name, value in _text_pairs(pairs):
        if fill_charset_field and value == "" and name.isascii() and name.lower() == CHARSET_FIELD:
            value = resolved.name
        if crlf:
            name, value = normalize_newlines(name), normalize_newlines(value)
        # Steps 2.1-2.4.
        result.append(f"{name}={value}\r\n")
    # Step 3, then "encode" in the form's encoding.
    # https://encoding.spec.whatwg.org/#encode, with the "html" error mode.
    return _encode(resolved, "".join(result))


# Labels already resolved, for the calls that name an encoding each time.
_RESOLVED: dict[object, Encoding] = {}


def _input_encoding(encoding: str | Encoding) -> Encoding:
    """get_encoding(*encoding*), remembered for the first few hundred labels."""
    resolved = get_encoding(encoding)
    if len(_RESOLVED) < 256:
        _RESOLVED[encoding] = resolved
    return resolved


def parse_text_plain(
    data: bytes | bytearray | memoryview | str,
    *,
    encoding: str | Encoding = "UTF-8",
) -> list[tuple[str, str]]:
    """Read a text/plain form body back into (name, value) pairs, as far as it can be.

    The inverse of
    https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#text/plain-encoding-algorithm,
    best effort: decode the body with *encoding* (U+FFFD for invalid bytes),
    split it into lines at CRLF, and split each line at its first ``=``. A
    line without ``=`` is taken for a line of the previous value, which held
    a newline; a first line without ``=`` is a name with an empty value.

    What cannot be recovered, because the format escapes nothing: a name
    holding ``=`` or a newline, a value line after a newline that holds
    ``=`` (it reads as a new pair), lone CR or LF (browsers send CRLF), and
    ``&#N;`` written for a character the encoding lacks, which stays as
    it is. Use application/x-www-form-urlencoded for anything a program reads.

    It takes time and memory linear in the body's length, however many
    lines a value holds.

    :param data: the body: bytes in *encoding*, or a str that is already text.
    :param encoding: the form's encoding (a label or :class:`Encoding`).
    :returns: a list of ``(name, value)`` str tuples.
    :raises TypeError: if *data* is not bytes or str, or is a str with an
        encoding other than UTF-8.
    :raises UnknownEncodingError: if *encoding* is not a known label.

    >>> parse_text_plain(b"note=a=b\\r\\nc\\r\\nq=\\x93\\xfa\\r\\n", encoding="shift_jis")
    [('note', 'a=b\\r\\nc'), ('q', '日')]

    .. versionadded:: 1.1
    """
    try:
        resolved = _RESOLVED[encoding]
    except (KeyError, TypeError):  # TypeError: unhashable, for get_encoding to refuse
        resolved = _input_encoding(encoding)
    if type(data) is bytes:
        if resolved is UTF_8:
            # The UTF-8 decoder, replacement mode: the codec's "replace" (as decode_runs).
            text = data.decode("utf-8", "replace")
        elif data.isascii() and resolved.name not in _NOT_ASCII_COMPATIBLE:
            text = data.decode("ascii")
        else:
            found = decode_runs(resolved, data, b"", False)
            assert found is not None  # not fatal
            text = found
    elif isinstance(data, str):
        if resolved is not UTF_8:
            raise TypeError(
                f"parse_text_plain() got a str with encoding={resolved.name!r}: a str is "
                "already text; pass a legacy body as bytes"
            )
        text = to_usv_string(data)
    elif isinstance(data, (bytes, bytearray, memoryview)):
        found = decode_runs(resolved, bytes(data), b"", False)
        assert found is not None  # not fatal
        text = found
    else:
        raise TypeError(f"parse_text_plain() takes bytes or str, not {type(data).__name__}")
    lines = text.split("\r\n")
    if not lines[-1]:
        lines.pop()  # the CRLF that ends the last pair
    if len(lines) <= _FEW_LINES:
        # A few lines: a loop costs less than setting up the comprehension below.
        few: list[tuple[str, str]] = []
        for line in lines:
            name, equals, value = line.partition("=")
            if not equals and few:
                break  # a value's next line: the general reading below
            few.append((name, value))  # a first line without "=": a name, an empty value
        else:
            return few
    # Most bodies have a "=" on every line (there are at least as many "=" as
    # lines then): each line is a pair, split in C.
    if text.count("=") >= len(lines):
        split = [
            (name, value)
            for name, equals, value in map(str.partition, lines, repeat("="))
            if equals
        ]
        if len(split) == len(lines):
            return split
    pairs: list[tuple[str, str]] = []
    # A value's lines are collected and joined once, when the next pair starts:
    # extending the value line by line would copy it again for every line.
    name = ""
    value_lines: list[str] = []
    for line in lines:
        line_name, equals, line_value = line.partition("=")
        if equals or not value_lines:
            if value_lines:
                pairs.append((name, "\r\n".join(value_lines)))
            name, value_lines = line_name, [line_value]
        else:
            value_lines.append(line)
    if value_lines:
        pairs.append((name, "\r\n".join(value_lines)))
    return pairs

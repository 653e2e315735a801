"""JavaScript's URI functions and ``escape``/``unescape``, exactly.

https://tc39.es/ecma262/#sec-uri-handling-functions (ECMA-262 §19.2.6) and
https://tc39.es/ecma262/#sec-escape-string, #sec-unescape-string (Annex B.2.1)

A JavaScript string is a sequence of UTF-16 code units. Python's ``str``
holds code points, so a supplementary character is one ``str`` item where
JavaScript sees a surrogate pair; a pair written as two surrogate code points
(``"\\ud83d\\ude00"``) is read as that pair too, and a surrogate with no
partner is a lone surrogate, as in JavaScript. Results hold each pair as one
code point.

The algorithms walk the string one code unit at a time; here the walk happens
in ``re`` and in the codecs. ``Encode`` escapes maximal runs of code points
outside the unescaped set with one UTF-8 encode; ``Decode`` takes maximal
runs of ``%XX`` escapes and decodes each run with Python's strict UTF-8
decoder, which rejects exactly what ``Decode`` calls "not a valid UTF-8
encoding of a Unicode code point" (truncated sequences, overlong forms,
surrogates, values above U+10FFFF). A ``%`` outside such a run is malformed.
``tests/reference_dialects.py`` transcribes the algorithms step by step, and
hypothesis properties check these functions against it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .._core import Escaper, PercentEncodeSet, escaper, percent_decode_bytes
from .._errors import URLEncodedError
from ._escaper import escape_code_units

__all__ = [
    "URIError",
    "decode_uri",
    "decode_uri_component",
    "encode_uri",
    "encode_uri_component",
    "escape",
    "unescape",
]


class URIError(URLEncodedError, ValueError):
    """Where JavaScript throws ``URIError``: a lone surrogate to encode, or a
    malformed escape or invalid UTF-8 to decode.

    https://tc39.es/ecma262/#sec-native-error-types-used-in-this-standard-urierror

    :attr:`offset` is the index in the input (in characters of a ``str``,
    bytes of ``bytes``) of the lone surrogate, or of the ``%`` that starts the
    malformed escape or the invalid UTF-8 sequence; :attr:`reason` says which.

    >>> try:
    ...     decode_uri_component("ok%E2%82")
    ... except URIError as error:
    ...     print(error.offset, error)
    2 URI malformed at offset 2: invalid UTF-8 sequence

    .. versionadded:: 1.1
    """

    def __init__(self, offset: int, reason: str) -> None:
        self.offset = offset
        self.reason = reason
        super().__init__(f"URI malformed at offset {offset}: {reason}")

    def __reduce__(self) -> tuple[type[URIError], tuple[int, str]]:
        return (type(self), (self.offset, self.reason))


# Tracebacks name it where users import it from.
URIError.__module__ = "urlencoded.dialects"


# https://tc39.es/ecma262/#sec-encode: the ASCII word characters and "-.!~*'()".
ALWAYS_UNESCAPED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.!~*'()"
# https://tc39.es/ecma262/#sec-encodeuri-uri and #sec-decodeuri-encodeduri
URI_RESERVED_AND_HASH = ";/?:@&=+$,#"
# https://tc39.es/ecma262/#sec-escape-string: the ASCII word characters and "@*+-./".
ESCAPE_UNESCAPED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_@*+-./"

_LONE_SURROGATE = re.compile(
    "[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]"
)
_SURROGATE_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")
_ESCAPE = "%[0-9A-Fa-f]{2}"
# A "%" that starts no escape: malformed, for Decode.
_NOT_AN_ESCAPE = re.compile(f"%(?!{_ESCAPE[1:]})")
# Where each maximal run of escapes starts and ends. Lookarounds of fixed width,
# not a repeated group: the regex engine then keeps no state per escape of a run.
_RUN_STARTS = re.compile(f"(?<!{_ESCAPE}){_ESCAPE}")
_RUN_ENDS = re.compile(f"{_ESCAPE}(?!{_ESCAPE})")
_CODE_UNIT_ESCAPE = re.compile(r"(%u[0-9A-Fa-f]{4})")
_BYTE_ESCAPE = re.compile(_ESCAPE)


def _check_str(value: object, caller: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{caller}() takes a str, not {type(value).__name__}")
    return value


def _join_pairs(text: str) -> str:
    """Surrogate pairs written as two code points become the one code point they encode."""
    return _SURROGATE_PAIR.sub(
        lambda m: m.group().encode("utf-16-le", "surrogatepass").decode("utf-16-le"), text
    )


def pairs_joined(text: str) -> str:
    """*text* with every surrogate pair written as two code points joined into one."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _join_pairs(text)
    return text


def code_points_or_error(text: str) -> str:
    """Steps 6.c.i-ii of Encode: the code points, or URIError at a lone surrogate."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        lone = _LONE_SURROGATE.search(text)
        if lone is not None:
            raise URIError(lone.start(), "lone surrogate") from None
        return _join_pairs(text)
    return text


def _escaper_keeping(unescaped: str) -> Escaper:
    """The escaper of every code point but the ASCII characters *unescaped*, space as %20."""
    return escaper(PercentEncodeSet(frozenset(range(0x80))).remove(unescaped), False)


_COMPONENT_ESCAPER = _escaper_keeping(ALWAYS_UNESCAPED)
_URI_ESCAPER = _escaper_keeping(ALWAYS_UNESCAPED + URI_RESERVED_AND_HASH)
_ESCAPE_ESCAPER = _escaper_keeping(ESCAPE_UNESCAPED)


def _encode(string: str, escapes: Escaper) -> str:
    """https://tc39.es/ecma262/#sec-encode, with *escapes* keeping the unescaped set.

    Steps 6.c.iv-v write "%" and two upper-case hex digits per UTF-8 byte of
    each code point outside it: the escaper's table, over the UTF-8 bytes of
    the code points (steps 6.c.i-ii, URIError at a lone surrogate).
    """
    text = code_points_or_error(string)
    data = text.encode("utf-8")
    # Many strings need no escape: one C pass finds out.
    if not data.translate(None, escapes.kept):
        return text
    return escapes.escape(data)


def _digit_alternatives(preserve: str) -> str:
    """The two hex digits of the escape of each ASCII character of *preserve*, either case."""
    alternatives = []
    for char in preserve:
        digits = f"{ord(char):02X}"
        alternatives.append(f"{digits[0]}[{digits[1]}{digits[1].lower()}]")
    return "|".join(alternatives)


@lru_cache(maxsize=64)
def preserved_escape_pattern(preserve: str) -> re.Pattern[str]:
    """``%XX`` escapes of the ASCII characters in *preserve*, either hex case."""
    return re.compile(f"(%(?:{_digit_alternatives(preserve)}))")


@lru_cache(maxsize=64)
def _preserved_percent(preserve: str) -> re.Pattern[str]:
    """The "%" of each escape of an ASCII character of *preserve*."""
    return re.compile(f"%(?={_digit_alternatives(preserve)})")


def kept_escapes_written(string: str, preserve: str) -> str:
    """*string* with each escape of a character of *preserve* written "%25XX", which
    percent-decodes to the escape as it was."""
    return _preserved_percent(preserve).sub("%25", string)


def not_an_escape(string: str) -> bool:
    """Whether some "%" of *string* starts no escape (Decode's malformed escape)."""
    return _NOT_AN_ESCAPE.search(string) is not None


def _decode_run(run: str, start: int) -> str:
    """Step 4.c of Decode for a maximal run of escapes starting at *start*."""
    data = bytes.fromhex(run.replace("%", ""))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise URIError(start + 3 * error.start, "invalid UTF-8 sequence") from None


def _decode_ascii(string: str, preserve: str) -> str | None:
    """Decode of an ASCII *string* in which every "%" starts an escape, or None
    where some run of escapes is not UTF-8 (then :func:`_decode_runs` finds it).

    One percent-decode and one strict UTF-8 decode over the whole: an ASCII
    byte ends any UTF-8 sequence, so the whole is valid exactly when each run
    is, and then decodes as the runs do. An escape of a character of
    *preserve* (an ASCII byte, never part of a sequence) is written "%25XX"
    first, which decodes to itself.
    """
    if preserve:
        string = kept_escapes_written(string, preserve)
    try:
        return percent_decode_bytes(string.encode("ascii")).decode("utf-8")
    except UnicodeDecodeError:
        return None


def _decode_runs(string: str, preserve: str, base: int, end: int) -> str:
    """Decode, run of escapes by run, of ``string[:end]``, in which every "%" starts
    an escape; raises URIError at the first run that is not UTF-8."""
    output = []
    position = 0
    run_ends = _RUN_ENDS.finditer(string)
    pattern = preserved_escape_pattern(preserve) if preserve else None
    for found in _RUN_STARTS.finditer(string, 0, end):
        start = found.start()
        run_end = next(run_ends).end()
        output.append(string[position:start])
        run = string[start:run_end]
        if pattern is None or not pattern.search(run):
            output.append(_decode_run(run, base + start))
        else:
            # Step 4.c.vii.2: an escape of a character in preserveEscapeSet stays.
            # Splitting there never splits a valid UTF-8 sequence: ASCII bytes
            # are never continuation bytes.
            offset = base + start
            for index, piece in enumerate(pattern.split(run)):
                if piece:
                    output.append(piece if index % 2 else _decode_run(piece, offset))
                offset += len(piece)
        position = run_end
    output.append(string[position:end])
    return "".join(output)


def js_decode(string: str, preserve: str, base: int = 0) -> str:
    """https://tc39.es/ecma262/#sec-decode; *base* is added to error offsets.

    *preserve* is preserveEscapeSet: the ASCII characters whose escapes stay.
    """
    if "%" not in string:
        return pairs_joined(string)
    malformed = _NOT_AN_ESCAPE.search(string)
    # Errors come in input order: a run that is not UTF-8 before the first
    # malformed escape comes first.
    end = len(string) if malformed is None else malformed.start()
    decoded = _decode_ascii(string[:end], preserve) if string.isascii() else None
    if decoded is None:
        decoded = pairs_joined(_decode_runs(string, preserve, base, end))
    if malformed is not None:
        # Step 4.c.i-iv: "%" without two hex digits.
        raise URIError(base + end, "malformed escape")
    return decoded


# https://tc39.es/ecma262/#sec-encodeuricomponent-uricomponent
def encode_uri_component(uri_component: str) -> str:
    """JavaScript's ``encodeURIComponent``: UTF-8, keeping only ``A-Za-z0-9-_.!~*'()``.

    https://tc39.es/ecma262/#sec-encodeuricomponent-uricomponent

    :param uri_component: the string to encode.
    :returns: an ASCII string.
    :raises URIError: at a lone surrogate.
    :raises TypeError: if *uri_component* is not a str.

    >>> encode_uri_component("a b&c=d/é~")
    'a%20b%26c%3Dd%2F%C3%A9~'

    .. versionadded:: 1.1
    """
    return _encode(_check_str(uri_component, "encode_uri_component"), _COMPONENT_ESCAPER)


# https://tc39.es/ecma262/#sec-encodeuri-uri
def encode_uri(uri: str) -> str:
    """JavaScript's ``encodeURI``: as :func:`encode_uri_component`, also keeping ``;/?:@&=+$,#``.

    https://tc39.es/ecma262/#sec-encodeuri-uri

    :param uri: the string to encode.
    :returns: an ASCII string.
    :raises URIError: at a lone surrogate.
    :raises TypeError: if *uri* is not a str.

    >>> encode_uri("http://example.com/a b?q=é#top")
    'http://example.com/a%20b?q=%C3%A9#top'

    .. versionadded:: 1.1
    """
    return _encode(_check_str(uri, "encode_uri"), _URI_ESCAPER)


# https://tc39.es/ecma262/#sec-decodeuricomponent-encodeduricomponent
def decode_uri_component(encoded_uri_component: str) -> str:
    """JavaScript's ``decodeURIComponent``: every ``%XX`` escape, as UTF-8.

    https://tc39.es/ecma262/#sec-decodeuricomponent-encodeduricomponent

    ``+`` stays ``+``.

    :param encoded_uri_component: the string to decode.
    :returns: the decoded string.
    :raises URIError: at a ``%`` without two hex digits, or escapes that are
        not valid UTF-8.
    :raises TypeError: if *encoded_uri_component* is not a str.

    >>> decode_uri_component("a%20b+%2F%c3%a9")
    'a b+/é'

    .. versionadded:: 1.1
    """
    return js_decode(_check_str(encoded_uri_component, "decode_uri_component"), "")


# https://tc39.es/ecma262/#sec-decodeuri-encodeduri
def decode_uri(encoded_uri: str) -> str:
    """JavaScript's ``decodeURI``: as :func:`decode_uri_component`, but escapes
    of ``;/?:@&=+$,#`` stay as they are.

    https://tc39.es/ecma262/#sec-decodeuri-encodeduri

    :param encoded_uri: the string to decode.
    :returns: the decoded string.
    :raises URIError: at a ``%`` without two hex digits, or escapes that are
        not valid UTF-8.
    :raises TypeError: if *encoded_uri* is not a str.

    >>> decode_uri("/a%20b%2Fc%3f%C3%A9")
    '/a b%2Fc%3fé'

    .. versionadded:: 1.1
    """
    return js_decode(_check_str(encoded_uri, "decode_uri"), URI_RESERVED_AND_HASH)


# https://tc39.es/ecma262/#sec-escape-string
def escape(string: str) -> str:
    """JavaScript's ``escape``: ``%XX`` below U+0100, ``%uXXXX`` per UTF-16 code unit above.

    https://tc39.es/ecma262/#sec-escape-string (Annex B.2.1.1)

    ASCII letters, digits and ``@*_+-./`` stay. A supplementary character
    becomes its surrogate pair; a lone surrogate is escaped like any code unit.

    :param string: the string to escape.
    :returns: an ASCII string.
    :raises TypeError: if *string* is not a str.

    >>> escape("a b+é€😀")
    'a%20b+%E9%u20AC%uD83D%uDE00'

    .. versionadded:: 1.1
    """
    # Steps 6.c.ii-iii per code unit, in C over runs below and above U+0100.
    return escape_code_units(_ESCAPE_ESCAPER, _check_str(string, "escape"))


def _code_unit(match: re.Match[str]) -> str:
    return chr(int(match.group()[1:], 16))


def _unescape_bytes(text: str) -> str:
    """Steps of unescape for the ``%XX`` escapes alone, in *text* without ``%uXXXX``."""
    if "%" not in text:
        return text
    if text.isascii() or max(text) <= "\xff":
        # Each character is its Latin-1 byte, and %XX the byte XX: percent-decoding
        # the bytes, which keeps a "%" without two hex digits, is the whole step.
        return percent_decode_bytes(text.encode("latin-1")).decode("latin-1")
    return _BYTE_ESCAPE.sub(_code_unit, text)


# https://tc39.es/ecma262/#sec-unescape-string
def unescape(string: str) -> str:
    """JavaScript's ``unescape``: ``%uXXXX`` and ``%XX`` become the code unit they name.

    https://tc39.es/ecma262/#sec-unescape-string (Annex B.2.1.2)

    Anything else, including a malformed escape, stays as it is; it never
    fails. ``%XX`` is a code unit below U+0100, not a UTF-8 byte. Surrogate
    pairs in the result become one code point.

    :param string: the string to unescape.
    :returns: the unescaped string.
    :raises TypeError: if *string* is not a str.

    >>> unescape("a%20b+%E9%u20ac%uD83D%uDE00%zz%u12")
    'a b+é€😀%zz%u12'

    .. versionadded:: 1.1
    """
    text = _check_str(string, "unescape")
    # One character is a memchr; "%u", a search that steps through the text.
    if "%" not in text:
        return pairs_joined(text)
    if "%u" not in text:
        return pairs_joined(_unescape_bytes(text))
    # One pass: an escape's code unit never starts another escape. No %XX spans
    # a cut before a %uXXXX, which is no hex digit.
    parts = _CODE_UNIT_ESCAPE.split(text)
    parts[0::2] = map(_unescape_bytes, parts[0::2])
    parts[1::2] = [chr(int(part[2:], 16)) for part in parts[1::2]]
    return pairs_joined("".join(parts))

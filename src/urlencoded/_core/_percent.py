"""Percent-encoding and percent-decoding.

https://url.spec.whatwg.org/#percent-encoded-bytes

The spec describes these algorithms one byte at a time. Here the per-byte
work happens inside C-level primitives: decoding is quoted-printable
decoding (``binascii.a2b_qp``), which is percent-decoding with ``=`` for
``%``, once a regular expression has written each ``%`` that starts no
escape as ``%25``; encoding writes each encoded byte's
output through 256-entry tables in three C calls (:class:`Escaper`), the
one escaping engine of the package: the serializers and the dialects use
it too. The step-by-step transcription of the spec in
``tests/reference.py`` and the hypothesis properties in ``tests/`` prove that
both give the spec's output for any input.
"""

from __future__ import annotations

import re
from binascii import a2b_qp
from codecs import charmap_decode
from functools import lru_cache
from typing import Callable, cast

from .._encoding import (
    UTF_8,
    Encoding,
    encode_or_fail,
    encode_with_references,
    get_encoding,
    get_output_encoding,
)
from .._errors import EncodeError
from ._infra import BytesLike, as_bytes, to_usv_string
from ._infra import utf8_encode as utf8_encode
from ._options import check_errors
from ._sets import URLENCODED_PERCENT_ENCODE_SET, PercentEncodeSet

__all__ = [
    "percent_decode",
    "percent_decode_bytes",
    "percent_encode",
    "percent_encode_after_encoding",
    "percent_encode_bytes",
    "utf8_percent_encode",
]


def percent_encode(byte: int) -> str:
    """Percent-encode a byte: ``%`` and two upper-case hex digits.

    https://url.spec.whatwg.org/#percent-encode

    :param byte: an int from 0 to 255.
    :raises TypeError: if *byte* is not an int.
    :raises ValueError: if *byte* is out of range.

    >>> percent_encode(0x23), percent_encode(0x7F)
    ('%23', '%7F')

    .. versionadded:: 1.0
    """
    if not isinstance(byte, int) or isinstance(byte, bool):
        raise TypeError(f"percent_encode() takes an int byte value, not {type(byte).__name__}")
    if not 0 <= byte <= 0xFF:
        raise ValueError(f"a byte is 0 to 255, got {byte!r}")
    return f"%{byte:02X}"


# Quoted-printable decoding (binascii.a2b_qp) is percent-decoding with "=" for
# "%", in one C loop: "=XX" becomes the byte, any other byte is copied. It
# differs where an "=" is not followed by two hex digits: it keeps "=" before
# a non-hex digit, reads "==" as "=", drops a final "=" and reads "=" before CR
# or LF as a line break. The paths below check that every "%" consumed exactly
# two bytes, which only an escape or a "%" before LF does, and exclude the
# latter; tests/test_percent.py proves this of a2b_qp on the interpreter that
# runs it. Counts of the bytes swapped in and out prove that no decoded byte
# was mistaken for one of them.
_SWAP_PERCENT_EQUALS = bytes.maketrans(b"%=", b"=%")


def decoded_as_escapes(source: bytes | str, decoded: bytes) -> bool:
    """Whether a2b_qp's *decoded*, of *source* with each "%" as "=", is its percent-decoding.

    For a *source* without CR or LF, in which nothing but a "%" became "=".
    a2b_qp differs from percent-decoding only where a "%" does not consume
    exactly two hex digits: it keeps "=" for "==" or "=" before a non-hex
    digit and drops a final "="; the lengths then differ too. Without such a
    "%" an "=" in the output can only come from "%3D".
    """
    if isinstance(source, bytes):
        if 0x3D not in decoded and not source.endswith(b"%"):
            return True
        return len(source) - len(decoded) == 2 * source.count(b"%")
    if 0x3D not in decoded and not source.endswith("%"):
        return True
    return len(source) - len(decoded) == 2 * source.count("%")


_PERCENT_TO_EQUALS = bytes.maketrans(b"%", b"=")
# A "%" that does not start an escape: it stays as it is, as "%25" decodes to it.
_NOT_AN_ESCAPE = re.compile(rb"%(?![0-9A-Fa-f]{2})")


def _decode_escapes(data: bytes) -> bytes | None:
    """Percent-decode *data* with a2b_qp, or None unless every "%" is an escape.

    *data* holds a "%", and none before CR or LF.
    """
    if 0x3D not in data:
        decoded = a2b_qp(data.translate(_PERCENT_TO_EQUALS))
        return decoded if len(data) - len(decoded) == 2 * data.count(b"%") else None
    decoded = a2b_qp(data.translate(_SWAP_PERCENT_EQUALS))
    if len(data) - len(decoded) != 2 * data.count(b"%"):
        return None
    if decoded.count(b"%") == data.count(b"="):
        # Every "%" left stands for a literal "=".
        return decoded.translate(_PERCENT_TO_EQUALS)
    # Some escape decoded to "%": decode between the literal "=" instead.
    parts = data.split(b"=")
    return b"=".join([a2b_qp(part.translate(_PERCENT_TO_EQUALS)) for part in parts])


def percent_decode_bytes(data: bytes) -> bytes:
    """Percent-decode a byte sequence (no type checks; the hot path).

    https://url.spec.whatwg.org/#percent-decode

    A ``%`` not followed by two ASCII hex digits is kept as it is.

    >>> percent_decode_bytes(b"%25%s%1G")
    b'%%s%1G'
    """
    # Membership of an int is a memchr; of bytes, a buffer request first.
    if 0x25 not in data:
        return data
    if (0x0A not in data and 0x0D not in data) or (b"%\n" not in data and b"%\r" not in data):
        decoded = _decode_escapes(data)
        if decoded is not None:
            return decoded
    # Some "%" is not followed by two hex digits: it stays as it is, which is
    # what its escape "%25" decodes to. One C pass, in memory that does not
    # grow with the runs of escapes (a regex repeating a group would). No codec
    # judges the escapes: PyPy's unicode_escape, for one, reads "\x2 " as "\x02".
    decoded = _decode_escapes(_escapes_written(data))
    assert decoded is not None
    return decoded


# re.sub keeps a list entry per match until it joins them, some tens of bytes
# per "%": longer inputs are rewritten a piece at a time.
_REWRITE_PIECE = 1 << 16


def _escapes_written(data: bytes) -> bytes:
    """*data* with each "%" that starts no escape written "%25", which decodes to it."""
    if len(data) <= _REWRITE_PIECE:
        return _NOT_AN_ESCAPE.sub(b"%25", data)
    pieces = []
    start = 0
    while start < len(data):
        # Each piece but the last ends before a "%": a "%" in its last two bytes
        # looks ahead at that "%", no hex digit, so the piece judges it as the
        # whole would.
        cut = data.find(b"%", start + _REWRITE_PIECE)
        if cut == -1:
            cut = len(data)
        pieces.append(_NOT_AN_ESCAPE.sub(b"%25", data[start:cut]))
        start = cut
    return b"".join(pieces)


def percent_decode(data: BytesLike | str) -> bytes:
    """Percent-decode a byte sequence, or a string after UTF-8 encoding it.

    https://url.spec.whatwg.org/#percent-decode (bytes) and
    https://url.spec.whatwg.org/#string-percent-decode (str).

    Invalid sequences pass through unchanged. A str is converted to a scalar
    value string first (each surrogate becomes U+FFFD).

    :param data: bytes, bytearray, memoryview or str.
    :returns: the decoded bytes.
    :raises TypeError: for any other type.

    >>> percent_decode(b"%25%s%1G")
    b'%%s%1G'
    >>> percent_decode("‽%25%2E")
    b'\\xe2\\x80\\xbd%.'

    .. versionadded:: 1.0
    """
    # A str: https://url.spec.whatwg.org/#string-percent-decode, step 1 UTF-8
    # encodes it, step 2 percent-decodes the bytes.
    return percent_decode_bytes(as_bytes(data, "percent_decode"))


def percent_encode_bytes(
    data: bytes, percent_encode_set: PercentEncodeSet, *, space_as_plus: bool | None = None
) -> str:
    """Percent-encode each byte of *data* that, as a code point, is in the set.

    This is step 7.3 of "percent-encode after encoding" on its own, for
    byte strings that are already encoded (binary tokens); space becomes
    ``+`` when *space_as_plus* is true (default: when the set is the
    application/x-www-form-urlencoded set).

    :raises TypeError: if *data* is not bytes, bytearray or memoryview, the
        set is not a :class:`PercentEncodeSet`, or *space_as_plus* is not a
        bool or ``None``.

    >>> percent_encode_bytes(b"\\x12\\x34 V", URLENCODED_PERCENT_ENCODE_SET)
    '%124+V'
    >>> percent_encode_bytes(b"a b", URLENCODED_PERCENT_ENCODE_SET, space_as_plus=False)
    'a%20b'

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       The *space_as_plus* keyword.
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"percent_encode_bytes() takes bytes, not {type(data).__name__}")
    if not isinstance(percent_encode_set, PercentEncodeSet):
        kind = type(percent_encode_set).__name__
        raise TypeError(f"percent_encode_set must be a PercentEncodeSet, not {kind}")
    plus = _space_as_plus(percent_encode_set, space_as_plus, "percent_encode_bytes")
    return escaper(percent_encode_set, plus)(bytes(data))


# Step 7.3 in three C calls. The spec escapes one byte at a time; a Python
# loop over bytes (what urllib.parse.quote runs), or str.translate with
# multi-character outputs, costs tens of nanoseconds a byte. An Escaper maps
# each byte to one code point and lets UTF-8 do the widening:
#
# 1. codecs.charmap_decode with a 256-character table maps a kept byte to
#    itself (space to "+" when asked) and a byte to escape to U+1000 + 64 x
#    high nibble + low nibble, between U+1000 and U+13CF;
# 2. UTF-8 encodes each of those as three bytes: E1, then 80 + the high
#    nibble, then 80 + the low nibble; kept characters are ASCII, one byte;
# 3. bytes.translate turns E1 into "%" and 80-8F into the hex digits, and
#    leaves ASCII alone.
#
# Each step is one C loop whatever the input's shape, and the result is exact
# for every set, space rule and hex case: the bytes step 3 rewrites are never
# ASCII. The properties in tests/ check it against the byte-by-byte
# transcription, for every set and for derived ones.
_LEAD = 0xE1  # UTF-8 lead byte of U+1000..U+1FFF


class Escaper:
    """Step 7.3 of percent-encode after encoding for one set, space rule and hex case.

    Calling it escapes bytes: each byte in the set becomes ``%XX`` and space
    ``+`` if asked. :attr:`chars` is step 1's table (byte to code point),
    :attr:`digits` step 3's; :attr:`kept` holds the ASCII bytes that the set
    and space rule output as they are, :attr:`plain` those output as one
    character (space too, when it becomes ``+``); :attr:`references` says
    whether "&", "#" and ";" are escaped, so that an error written as
    ``b"&#N;"`` comes out as step 7.4's ``%26%23N%3B``. Get one from
    :func:`escaper`, and one that writes some bytes as given characters
    from :meth:`writing`.
    """

    __slots__ = (
        "_variants",
        "chars",
        "digits",
        "escape",
        "kept",
        "lowercase",
        "percent_encode_set",
        "plain",
        "references",
        "space_as_plus",
    )

    def __init__(
        self,
        percent_encode_set: PercentEncodeSet,
        space_as_plus: bool,
        lowercase: bool = False,
        written: tuple[tuple[int, str], ...] = (),
    ) -> None:
        chars = []
        for byte in range(256):
            if space_as_plus and byte == 0x20:
                chars.append("+")
            elif byte < 0x80 and byte not in percent_encode_set:
                chars.append(chr(byte))
            else:
                chars.append(chr(0x1000 | (byte >> 4) << 6 | (byte & 15)))
        self.kept = bytes(byte for byte in range(0x80) if chars[byte] == chr(byte))
        self.plain = bytes(byte for byte in range(0x80) if ord(chars[byte]) < 0x80)
        for byte, char in written:
            chars[byte] = char
        digits = bytearray(range(256))
        digits[_LEAD] = 0x25
        digits[0x80:0x90] = b"0123456789abcdef" if lowercase else b"0123456789ABCDEF"
        # The stubs admit only dict maps; CPython takes a 256-character str.
        self.chars = cast("dict[int, int]", "".join(chars))
        self.digits = bytes(digits)
        self.percent_encode_set = percent_encode_set
        self.space_as_plus = space_as_plus
        self.lowercase = lowercase
        self.references = all(ord(chars[byte]) >= 0x1000 for byte in b"&#;")
        self._variants: dict[tuple[tuple[int, str], ...], Escaper] = {}
        #: :meth:`__call__` as a plain function, for the hot loops: a call
        #: through an instance's ``__call__`` costs several times more.
        self.escape = _escaping(self.chars, self.digits)

    def __call__(self, data: bytes) -> str:
        """Escape *data*: each byte in the set as ``%XX``, space as ``+`` if asked."""
        return self.escape(data)

    def writing(self, written: tuple[tuple[int, str], ...]) -> Escaper:
        """This escaper, except that each (byte, ASCII character) of *written* outputs
        that character: the one-pass serializers' stand-ins become "&" and "="."""
        variant = self._variants.get(written)
        if variant is None:
            variant = Escaper(self.percent_encode_set, self.space_as_plus, self.lowercase, written)
            self._variants[written] = variant
        return variant

    def reference(self, code_point: int) -> str:
        """Step 7.4 for an error: ``%26%23``, the code point in decimal, ``%3B``, whatever
        the set (in lower case, ``%3b``, as the escapes are)."""
        return f"%26%23{code_point}%3b" if self.lowercase else f"%26%23{code_point}%3B"


def _escaping(chars: dict[int, int], digits: bytes) -> Callable[[bytes], str]:
    """Steps 1-3 above over the tables *chars* and *digits*."""

    def escape(data: bytes) -> str:
        # UTF-8 both ways: whatever the locale.
        return charmap_decode(data, "strict", chars)[0].encode().translate(digits).decode()

    return escape


@lru_cache(maxsize=128)
def escaper(
    percent_encode_set: PercentEncodeSet, space_as_plus: bool, lowercase: bool = False
) -> Escaper:
    """The :class:`Escaper` of a set, space rule and hex case, built once."""
    return Escaper(percent_encode_set, space_as_plus, lowercase)


def _escape_encoded(data: bytes, percent_encode_set: PercentEncodeSet, space_as_plus: bool) -> str:
    """Step 7.3 of percent-encode after encoding, for a run of encoder output."""
    return escaper(percent_encode_set, space_as_plus)(data)


_ISO_2022_JP = Encoding("ISO-2022-JP")
_ISO_2022_JP_CONTROLS = re.compile("[\x0e\x0f\x1b]")


def ascii_as_is(encoding: Encoding, text: str) -> bool:
    """Whether *encoding* writes *text* as its ASCII bytes: *text* is ASCII, and not
    U+000E, U+000F or U+001B in ISO-2022-JP (which its encoder refuses).

    https://encoding.spec.whatwg.org/: every encoder writes an ASCII code
    point as the byte of the same value, but for those three.
    """
    return text.isascii() and (
        encoding is not _ISO_2022_JP or not _ISO_2022_JP_CONTROLS.search(text)
    )


def encode_after_encoding(encoding: Encoding, text: str, escapes: Escaper) -> str:
    """Steps 3-8 of percent-encode after encoding, for *text* as a scalar value string
    (a surrogate is U+FFFD: the encoders convert it, as the UTF-8 encode here does)."""
    if encoding is UTF_8 or ascii_as_is(encoding, text):
        # UTF-8 encodes every scalar value: one run, no errors.
        return escapes.escape(utf8_encode(text))
    if escapes.references:
        # The set escapes "&", "#" and ";", so an error written as b"&#N;" among the
        # bytes comes out as step 7.4's "%26%23N%3B": one escape pass over all of it.
        return escapes.escape(encode_with_references(encoding, text))
    # Step 7: each item is a run of encoder output bytes or an error's code point;
    # the encoder (and ISO-2022-JP's state) is one for the whole input.
    return "".join(
        escapes.reference(item) if isinstance(item, int) else escapes.escape(item)
        for item in encode_or_fail(encoding, text)
    )


_OUTPUT_ENCODINGS: dict[object, Encoding] = {}
# The labels seen that name an encoding with an encoder (not UTF-16 or replacement).
_WITH_ENCODER: dict[object, Encoding] = {}


def output_encoding(encoding: str | Encoding) -> Encoding:
    """:func:`get_output_encoding` of *encoding*, remembered for the first 256 labels.

    https://encoding.spec.whatwg.org/#get-an-output-encoding; a serializer
    called in a loop with one label looks it up once.
    """
    try:
        return _OUTPUT_ENCODINGS[encoding]
    except (KeyError, TypeError):  # TypeError: unhashable, for get_encoding to refuse
        resolved = get_output_encoding(encoding)
        if len(_OUTPUT_ENCODINGS) < 256:
            _OUTPUT_ENCODINGS[encoding] = resolved
        return resolved


# ISO-2022-JP reports U+000E, U+000F and U+001B as an error of U+FFFD.
_ISO_2022_JP_ERRORS = "\ufffd\x0e\x0f\x1b"


def unencodable(encoding: Encoding, text: str) -> tuple[int, int] | None:
    """(index, code point) of the first code point of *text* that *encoding* cannot
    encode, or None: what ``errors="strict"`` raises for.

    https://encoding.spec.whatwg.org/#encode-or-fail reports an error for a
    code point whatever comes before or after it (no encoder's state
    changes which code points it can encode), so the first error's code
    point first occurs where the error is. *text* is a scalar value string.
    """
    if encoding.name == "UTF-8":
        return None
    for item in encode_or_fail(encoding, text):
        if isinstance(item, int):
            if item == 0xFFFD and encoding.name == "ISO-2022-JP":
                index = min(i for i in map(text.find, _ISO_2022_JP_ERRORS) if i >= 0)
            else:
                index = text.find(chr(item))
            return index, ord(text[index])
    return None


def _check_text_and_set(text: object, percent_encode_set: object, caller: str) -> None:
    if not isinstance(text, str):
        raise TypeError(f"{caller}() takes the input as str, not {type(text).__name__}")
    if not isinstance(percent_encode_set, PercentEncodeSet):
        raise TypeError(
            f"{caller}() takes a PercentEncodeSet, not {type(percent_encode_set).__name__}"
        )


def _space_as_plus(percent_encode_set: PercentEncodeSet, flag: object, caller: str) -> bool:
    """The spaceAsPlus argument; left out, it is true for the urlencoded set only."""
    if flag is None:
        return percent_encode_set == URLENCODED_PERCENT_ENCODE_SET
    if not isinstance(flag, bool):
        kind = type(flag).__name__
        raise TypeError(f"{caller}() takes space_as_plus as a bool or None, not {kind}")
    return flag


def percent_encode_after_encoding(
    encoding: str | Encoding,
    text: str,
    percent_encode_set: PercentEncodeSet,
    *,
    space_as_plus: bool | None = None,
    errors: str = "replace",
) -> str:
    """Encode *text* with *encoding*, then percent-encode the bytes in the set.

    https://url.spec.whatwg.org/#string-percent-encode-after-encoding

    Space becomes ``+`` exactly when *space_as_plus* is true (step 7.3.1,
    spaceAsPlus); left out, it is true when *percent_encode_set* is
    :data:`URLENCODED_PERCENT_ENCODE_SET` and false otherwise. A code point
    the encoding cannot represent becomes ``%26%23``, its decimal value and
    ``%3B`` (an HTML numeric character reference, percent-encoded), or
    with ``errors="strict"`` (beyond the spec) raises :class:`EncodeError`
    naming it. The spec asserts that a non-UTF-8 encoding is used only with the
    special-query or urlencoded set; this function accepts any set and
    applies the same rule, since every set holds all non-ASCII code points.
    Surrogates in *text* become U+FFFD first (USVString conversion).

    :param encoding: an encoding label or :class:`Encoding`.
    :param text: the string to encode.
    :param percent_encode_set: one of the ``*_PERCENT_ENCODE_SET`` values or a derived set.
    :param space_as_plus: write space as ``+`` (``None``: only for the urlencoded set).
    :param errors: ``"replace"`` (the spec: a reference for a code point
        the encoding lacks) or ``"strict"``.
    :returns: an ASCII string.
    :raises UnknownEncodingError: if *encoding* is not a known label.
    :raises EncodeError: with ``errors="strict"``, for a code point the
        encoding cannot encode: its :attr:`~EncodeError.index` in *text*,
        :attr:`~EncodeError.code_point` and :attr:`~EncodeError.encoding`.
    :raises TypeError: for arguments of the wrong type.
    :raises ValueError: for replacement, UTF-16BE and UTF-16LE, which have no
        encoder: step 3 "gets an encoder", and the Encoding Standard asserts
        (https://encoding.spec.whatwg.org/#get-an-encoder) that it is never
        asked for one of theirs. Callers pass the encoding's output encoding
        (:func:`get_output_encoding`, UTF-8 for all three), as the URL
        parser and form submission do; this function does not switch
        encodings behind the caller's back.

    >>> percent_encode_after_encoding("UTF-8", "1+1 ≡ 2", URLENCODED_PERCENT_ENCODE_SET)
    '1%2B1+%E2%89%A1+2'
    >>> from urlencoded import COMPONENT_PERCENT_ENCODE_SET as COMPONENT
    >>> percent_encode_after_encoding("UTF-8", "a b", COMPONENT, space_as_plus=True)
    'a+b'
    >>> percent_encode_after_encoding("shift_jis", "‽", COMPONENT)
    '%26%238253%3B'

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       The *space_as_plus* and *errors* keywords; the :class:`ValueError`
       for an encoding without an encoder names its output encoding.
    """
    if type(text) is str and type(percent_encode_set) is PercentEncodeSet and errors == "replace":
        # The common call, with an encoding seen before: no checks to repeat.
        try:
            known = _WITH_ENCODER.get(encoding)
        except TypeError:
            known = None  # unhashable: refused below
        if known is not None and (space_as_plus is None or type(space_as_plus) is bool):
            if space_as_plus is None:
                space_as_plus = (
                    percent_encode_set is URLENCODED_PERCENT_ENCODE_SET
                    or percent_encode_set == URLENCODED_PERCENT_ENCODE_SET
                )
            escapes = escaper(percent_encode_set, space_as_plus)
            if ascii_as_is(known, text):
                data = text.encode("ascii")
                if not data.translate(None, escapes.plain):
                    # Nothing to escape: only a space may change.
                    return text.replace(" ", "+") if space_as_plus and " " in text else text
                return escapes.escape(data)
            return encode_after_encoding(known, text, escapes)
    resolved = get_encoding(encoding)
    _check_text_and_set(text, percent_encode_set, "percent_encode_after_encoding")
    plus = _space_as_plus(percent_encode_set, space_as_plus, "percent_encode_after_encoding")
    strict = errors != "replace" and check_errors(errors) == "strict"
    output = get_output_encoding(resolved)
    if output is not resolved:
        raise ValueError(
            f"percent_encode_after_encoding(): {resolved.name} has no encoder (the Encoding "
            "Standard asserts that none is ever asked of replacement, UTF-16BE or UTF-16LE); "
            f"pass its output encoding, get_output_encoding({resolved.name!r}), "
            f"which is {output.name}"
        )
    if len(_WITH_ENCODER) < 256:
        _WITH_ENCODER[encoding] = resolved
    text = to_usv_string(text)
    if strict:
        error = unencodable(resolved, text)
        if error is not None:
            raise EncodeError(resolved.name, error[1], error[0])
    return encode_after_encoding(resolved, text, escaper(percent_encode_set, plus))


def utf8_percent_encode(
    text: str, percent_encode_set: PercentEncodeSet, *, space_as_plus: bool | None = None
) -> str:
    """UTF-8 percent-encode *text* using *percent_encode_set*.

    https://url.spec.whatwg.org/#string-utf-8-percent-encode

    Space becomes ``+`` when *space_as_plus* is true; left out, as in
    :func:`percent_encode_after_encoding`.

    :raises TypeError: if *text* is not a str, the set is not a
        :class:`PercentEncodeSet`, or *space_as_plus* is not a bool or ``None``.

    >>> from urlencoded import USERINFO_PERCENT_ENCODE_SET
    >>> utf8_percent_encode("Say what‽", USERINFO_PERCENT_ENCODE_SET)
    'Say%20what%E2%80%BD'

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       The *space_as_plus* keyword.
    """
    _check_text_and_set(text, percent_encode_set, "utf8_percent_encode")
    plus = _space_as_plus(percent_encode_set, space_as_plus, "utf8_percent_encode")
    return escaper(percent_encode_set, plus)(to_usv_string(text).encode("utf-8"))

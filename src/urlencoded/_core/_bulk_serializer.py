"""The urlencoded serializer over a whole list of pairs at once.

https://url.spec.whatwg.org/#concept-urlencoded-serializer

The spec's serializer percent-encodes each name and value and joins them
with "=" and "&". For str pairs this is done in one pass where the result is
the same: pairs with nothing to escape are joined as they are, UTF-8 values
made only of three-byte characters have their hex digits copied into a
buffer of "%" at every third place, and otherwise the pairs, joined with
stand-ins for "&" and "=", are encoded and escaped at once. Any other input
gets None, and the caller serializes pair by pair. The property tests check
every path against ``tests/reference.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

from .._encoding import UTF_8, Encoding, encode_with_references
from ._percent import Escaper, escaper
from ._sets import URLENCODED_PERCENT_ENCODE_SET

__all__ = [
    "FORM_PLAIN_BYTES",
    "serialize_pairs",
    "serialize_str_pairs",
    "serialize_utf8_whole",
    "written_as_is",
]

# Stand-ins for "&" and "=" while the pairs are escaped in one pass: the
# escaper writes their bytes as "&" and "=". Used only when no name or value
# holds them, and only with encoders that write them as those bytes and
# write those bytes for nothing else (UTF-8 and the stateless legacy ones).
_PAIR_END = "\x01"
_NAME_END = "\x02"
_JOINTS = ((ord(_PAIR_END), "&"), (ord(_NAME_END), "="))
_PAIR_TYPES = {tuple, list}
# Each byte's upper-case hex digits, high and low.
_HIGH_DIGITS = bytes(b"0123456789ABCDEF"[byte >> 4] for byte in range(256))
_LOW_DIGITS = bytes(b"0123456789ABCDEF"[byte & 15] for byte in range(256))


def _form_escaper() -> Escaper:
    """The URL Standard serializer's escaper: the urlencoded set, space as "+"."""
    return _FORM_ESCAPER


_FORM_ESCAPER = escaper(URLENCODED_PERCENT_ENCODE_SET, True)
#: The ASCII bytes the URL Standard's serializer writes as one character:
#: alphanumerics and ``*-._`` as they are, space as "+".
FORM_PLAIN_BYTES = _FORM_ESCAPER.plain


def written_as_is(name: str, value: str) -> bool:
    """Whether the URL Standard's serializer writes *name* and *value* as they are.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer

    True when both hold only ASCII alphanumerics, ``*-._`` and spaces
    (written as "+").
    """
    both = name + value
    if both.isalnum():
        return both.isascii()
    return both.isascii() and not both.encode("ascii").translate(None, FORM_PLAIN_BYTES)


def _joints(count: int) -> bytes:
    """The joints of *count* serialized pairs, in order: "=", then "&=" for each later pair."""
    return b"=" + b"&=" * (count - 1)


def _is_plain(text: str, joints: bytes, escapes: Escaper) -> bool:
    """Whether *text* is ASCII and, but for the bytes *escapes* writes as they are, *joints*.

    Joints that *escapes* writes as they are (a dialect's "&" or "=") are
    deleted with the rest, and then need not be counted: a name or value
    holding one is written as it is too.
    """
    if not text.isascii():
        return False
    left = text.encode("ascii").translate(None, escapes.plain)
    # The first test settles the URL Standard's set, which writes no joint as it is.
    return left == joints or left == joints.translate(None, escapes.plain)


def _serialize_plain(items: list[tuple[str, str]], escapes: Escaper) -> str | None:
    """The serialization of str pairs with nothing to escape, or None.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer

    When every name and value is ASCII and holds only bytes that *escapes*
    writes as they are (alphanumerics, ``*-._`` and space for the URL
    Standard's set), step 3 changes nothing but space to "+" and every
    encoding writes ASCII as it is: the pairs joined with "=" and "&" are
    the output. Deleting those bytes from the joined pairs must leave
    exactly the joints, one "=" per pair and "&" between pairs; a "=" or "&"
    inside a name or value, or any other byte, would show there. The caller
    has checked that each item is a pair of two items.

    :raises TypeError: if a name or value is not a str.
    """
    text = "&".join(map("=".join, items))
    if _is_plain(text, _joints(len(items)), escapes):
        return text.replace(" ", "+") if escapes.space_as_plus and " " in text else text
    return None


def _serialize_hex_values(pairs: list[tuple[str, str]], escapes: Escaper) -> str | None:
    """The UTF-8 serialization of pairs whose values are all three-byte characters, or None.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer

    A character from U+0800 to U+FFFF is three UTF-8 bytes, none of them
    ASCII, and every percent-encode set holds every byte that is not ASCII:
    such a value is written as "%" and two upper-case hex digits per byte
    (CJK text is made of such characters). If the values' UTF-8 bytes are
    three per character and none is the lead byte of a four-byte character
    (none is above U+FFFF), every character was a three-byte one. The values are
    then escaped together, in four C calls: a buffer of "%" three times as
    long as their bytes gets each byte's high hex digit at every third
    place from the second, and its low one from the third. Names must have
    nothing to escape (as in :func:`_serialize_plain`). None for any other
    input, surrogates included.
    """
    names, values = zip(*pairs)
    joined = "".join(values)
    try:
        data = joined.encode()
    except UnicodeEncodeError:
        return None  # surrogates: the caller converts or refuses them
    if len(data) != 3 * len(joined) or not all(values):
        return None
    high = data.translate(_HIGH_DIGITS)
    # Three bytes a character on average, and no lead byte of four (F0-F4):
    # none has fewer than three, so each has exactly three.
    if b"F" in high:
        return None
    text = "&".join(names)
    if not _is_plain(text, b"&" * (len(pairs) - 1), escapes):
        return None
    if escapes.space_as_plus and " " in text:
        names = tuple(name.replace(" ", "+") for name in names)
    escaped = bytearray(b"%") * (3 * len(data))
    escaped[1::3] = high
    escaped[2::3] = data.translate(_LOW_DIGITS)
    # Nine characters of output per character of a value.
    ends = [9 * end for end in accumulate(map(len, values))]
    written = escaped.decode("ascii")
    return "&".join(
        map("=".join, zip(names, map(written.__getitem__, map(slice, [0, *ends], ends))))
    )


def serialize_utf8_whole(items: Sequence[object]) -> str | None:
    """The UTF-8 serialization of str pairs in one pass, or None for other input.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer
    """
    if len(items) == 1 and type(items[0]) is tuple and len(items[0]) == 2:
        # One pair of alphanumerics (a=1): nothing to escape.
        name, value = items[0]
        if type(name) is str and type(value) is str:
            both = name + value
            if both.isalnum() and both.isascii():
                return f"{name}={value}"
    return serialize_pairs(items, UTF_8, _form_escaper())


def serialize_str_pairs(pairs: list[tuple[str, str]]) -> str:
    """The UTF-8 serialization of a list of scalar value string pairs.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer
    """
    if not pairs:
        return ""
    escapes = _FORM_ESCAPER
    found = _serialize_plain(pairs, escapes) or _serialize_hex_values(pairs, escapes)
    if found is not None:
        return found
    joined = _PAIR_END.join(map(_NAME_END.join, pairs))
    found = _serialize_joined(pairs, joined, UTF_8, escapes)
    assert found is not None, "names and values must be scalar value strings"
    return found


def serialize_pairs(items: Sequence[object], encoding: Encoding, escapes: Escaper) -> str | None:
    """Steps 2-4 of the serializer for pairs of str in one pass, or None for other input.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer, with
    *escapes* for step 3's percent-encoding (the URL Standard's, or a
    dialect's) and the output encoding *encoding*. None when an item is not
    a 2-tuple or 2-item list of str, for surrogates in UTF-8 (the caller
    converts or refuses them), and with an encoding this cannot do in one
    pass: the caller then serializes pair by pair, with its checks.
    """
    if not set(map(type, items)) <= _PAIR_TYPES or set(map(len, items)) != {2}:  # type: ignore[arg-type]
        return None
    pairs: list[tuple[str, str]] = items  # type: ignore[assignment]
    try:
        # The first pair tells whether the plain path is worth a try.
        name, value = pairs[0]
        if type(name) is str and type(value) is str and name.isascii() and value.isascii():
            found = _serialize_plain(pairs, escapes)
        elif encoding is UTF_8 and not escapes.lowercase:
            found = _serialize_hex_values(pairs, escapes)
        else:
            found = None
        if found is not None:
            return found
        joined = _PAIR_END.join(map(_NAME_END.join, pairs))
    except TypeError:
        return None  # a bytes or non-str name or value
    return _serialize_joined(pairs, joined, encoding, escapes)


def _serialize_joined(
    items: list[tuple[str, str]], joined: str, encoding: Encoding, escapes: Escaper
) -> str | None:
    """:func:`serialize_pairs` once the str pairs are *joined* with the stand-ins.

    Percent-encoding is byte by byte, and these encoders go code point by
    code point, so the joined pairs, encoded and escaped in one pass, equal
    the pairs escaped one by one and joined with "&" and "=".
    """
    count = len(items)
    # The stand-ins must come from the joining alone: one U+0002 a pair, U+0001 between.
    if joined.count(_NAME_END) != count or joined.count(_PAIR_END) != count - 1:
        if encoding is not UTF_8:
            return None
        # The stand-ins would be taken for joints: escape each string alone.
        try:
            return "&".join(
                [f"{escapes(name.encode())}={escapes(value.encode())}" for name, value in items]
            )
        except UnicodeEncodeError:
            return None  # surrogates
    if encoding is UTF_8:
        try:
            data = joined.encode()
        except UnicodeEncodeError:
            return None  # surrogates: names or values to convert to scalar value strings first
    elif escapes.references and encoding.name != "ISO-2022-JP":
        # Errors written as b"&#N;" come out as step 7.4's "%26%23N%3B". Surrogates
        # become U+FFFD inside the encoder, as to_usv_string does.
        data = encode_with_references(encoding, joined)
    else:
        # The set keeps "&", "#" or ";", or ISO-2022-JP's state spans code points.
        return None
    return escapes.writing(_JOINTS)(data)

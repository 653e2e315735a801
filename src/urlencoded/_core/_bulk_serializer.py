"""The urlencoded serializer over a whole list of pairs at once.

https://url.spec.whatwg.org/#concept-urlencoded-serializer

The spec's serializer percent-encodes each name and value and joins them
with "=" and "&". For str pairs this is done in one pass where the result is
the same. The pairs are joined with "=" and "&" first; when no name or value
holds one of them (the joined text has one "=" a pair and one "&" between
pairs), the joints are the only "=" and "&" in the text, and in its encoding:

- ASCII text is its own encoding in every encoding (ISO-2022-JP's U+000E,
  U+000F and U+001B aside): with nothing to escape it is the output, a space
  written as "+"; otherwise it is escaped in one pass, "=" and "&" kept;
- UTF-8 text is escaped in one pass the same way, and values made only of
  three-byte characters have their hex digits copied into a buffer of "%"
  at every third place;
- in a stateless legacy encoding, "&" and "=" are bytes 0x26 and 0x3D only
  where the text has them (no multi-byte sequence holds either byte), so
  the encoded text is escaped in one pass the same way, unless the encoder
  wrote an error as ``&#N;``: then the pairs are joined with stand-ins
  that no text holds, U+0001 and U+0002, and escaped at once, errors
  included;
- in ISO-2022-JP, whose encoder has a state, the pairs are joined with
  U+000F and U+000E, which the encoder refuses in every state after
  returning to ASCII, as it does at the end of each name and value: each
  refusal stands for a joint.

Any other input gets None, and the caller serializes pair by pair. The
property tests check every path against ``tests/reference.py`` and
``tests/reference_html.py``.
"""

from __future__ import annotations

import re
from codecs import charmap_decode
from collections.abc import Sequence
from itertools import accumulate

from .._encoding import UTF_8, Encoding, encode_or_fail, encode_with_references
from ._percent import Escaper, escaper
from ._sets import URLENCODED_PERCENT_ENCODE_SET

__all__ = [
    "FORM_ESCAPER",
    "FORM_PLAIN_BYTES",
    "join_pairs",
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
# "&" and "=" written as they are: the joints, when no name or value holds one.
_KEPT_JOINTS = ((0x26, "&"), (0x3D, "="))
# ISO-2022-JP writes only 7-bit bytes: two others mark its joints.
_ISO_2022_JP_JOINTS = ((0x80, "="), (0x81, "&"))
_ISO_2022_JP_MARKS = (b"\x80", b"\x81")
# What ISO-2022-JP's joints need absent: the code points the encoder reports
# as the joints' error (U+FFFD), the joints themselves, U+001B, and those of
# its Roman state (U+00A5, U+203E), in which it would not return to ASCII.
_ISO_2022_JP_UNSAFE = re.compile("[\x0e\x0f\x1b\u00a5\u203e\ufffd\ud800-\udfff]")
_ISO_2022_JP_CONTROLS = re.compile("[\x0e\x0f\x1b]")
_ISO_2022_JP = Encoding("ISO-2022-JP")
_PAIR_TYPES = {tuple, list}
_TWO = {2}
# Each byte's upper-case hex digits, high and low.
_HIGH_DIGITS = bytes(b"0123456789ABCDEF"[byte >> 4] for byte in range(256))
_LOW_DIGITS = bytes(b"0123456789ABCDEF"[byte & 15] for byte in range(256))

#: The URL Standard serializer's escaper: the urlencoded set, space as "+".
FORM_ESCAPER = escaper(URLENCODED_PERCENT_ENCODE_SET, True)
_FORM_KEEPING_JOINTS = FORM_ESCAPER.writing(_KEPT_JOINTS)
#: The ASCII bytes the URL Standard's serializer writes as one character:
#: alphanumerics and ``*-._`` as they are, space as "+".
FORM_PLAIN_BYTES = FORM_ESCAPER.plain


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
    if count < len(_FEW_JOINTS):
        return _FEW_JOINTS[count]
    return b"=" + b"&=" * (count - 1)


# The joints of up to 63 pairs, made once.
_FEW_JOINTS = tuple(b"=" + b"&=" * (count - 1) for count in range(64))


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


def join_pairs(items: Sequence[object], name_end: str = "=", pair_end: str = "&") -> str | None:
    """The str pairs of *items*, each name and value joined with *name_end* and the
    pairs with *pair_end*, or None if an item is not a 2-tuple or 2-item list of str."""
    if len(items) <= 3:
        # A few pairs: checked one by one, cheaper than the passes below.
        texts = []
        for item in items:
            if type(item) is not tuple or len(item) != 2:
                break
            name, value = item
            if type(name) is not str or type(value) is not str:
                return None
            texts.append(f"{name}{name_end}{value}")
        else:
            return pair_end.join(texts)
    if not set(map(type, items)) <= _PAIR_TYPES or set(map(len, items)) != _TWO:  # type: ignore[arg-type]
        return None
    try:
        return pair_end.join(map(name_end.join, items))  # type: ignore[arg-type]
    except TypeError:
        return None  # a bytes or non-str name or value


def _only_joints(text: str, count: int, escapes: Escaper) -> bool:
    """Whether the only "=" and "&" of *text*, *count* pairs joined, are the joints, or
    *escapes* writes them as they are anyway."""
    plain = escapes.plain
    return (0x3D in plain or text.count("=") == count) and (
        0x26 in plain or text.count("&") == count - 1
    )


def _keeping_joints(escapes: Escaper, data: bytes) -> str:
    """*data* escaped by *escapes*, with every "&" and "=" written as it is."""
    kept = _FORM_KEEPING_JOINTS if escapes is FORM_ESCAPER else escapes.writing(_KEPT_JOINTS)
    # Escaper.__call__, inlined.
    return charmap_decode(data, "strict", kept.chars)[0].encode().translate(kept.digits).decode()


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
    nothing to escape (as in :func:`_is_plain`). None for any other
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
        name, value = items[0]
        if type(name) is str and type(value) is str:
            text = f"{name}={value}"
            if (name + value).isalnum() and text.isascii():
                return text  # one pair of alphanumerics (a=1): nothing to escape
            return _serialize_text(items, text, UTF_8, FORM_ESCAPER)  # type: ignore[arg-type]
    return serialize_pairs(items, UTF_8, FORM_ESCAPER)


def serialize_str_pairs(pairs: list[tuple[str, str]]) -> str:
    """The UTF-8 serialization of a non-empty list of scalar value string pairs.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer
    """
    if not pairs:
        return ""
    text = "&".join(map("=".join, pairs))
    found = _serialize_text(pairs, text, UTF_8, FORM_ESCAPER)
    assert found is not None, "names and values must be scalar value strings"
    return found


def serialize_pairs(items: Sequence[object], encoding: Encoding, escapes: Escaper) -> str | None:
    """Steps 2-4 of the serializer for pairs of str in one pass, or None for other input.

    https://url.spec.whatwg.org/#concept-urlencoded-serializer, with
    *escapes* for step 3's percent-encoding (the URL Standard's, or a
    dialect's) and the output encoding *encoding*. None when an item is not
    a 2-tuple or 2-item list of str, for surrogates in UTF-8 (the caller
    converts or refuses them), and with an encoding or text this cannot do
    in one pass: the caller then serializes pair by pair, with its checks.
    """
    text = join_pairs(items)
    if text is None:
        return None
    return _serialize_text(items, text, encoding, escapes)  # type: ignore[arg-type]


def _serialize_text(
    pairs: list[tuple[str, str]], text: str, encoding: Encoding, escapes: Escaper
) -> str | None:
    """:func:`serialize_pairs` once the str *pairs* are joined with "=" and "&" as *text*."""
    count = len(pairs)
    if text.isascii() and (encoding is not _ISO_2022_JP or not _ISO_2022_JP_CONTROLS.search(text)):
        # Every encoding writes this text as UTF-8 does: as ASCII.
        encoding = UTF_8
        data = text.encode("ascii")
        left = data.translate(None, escapes.plain)
        joints = _joints(count)
        if left == joints or left == joints.translate(None, escapes.plain):
            # Nothing to escape. The first test settles the URL Standard's set,
            # which writes no joint as it is.
            return text.replace(" ", "+") if escapes.space_as_plus and " " in text else text
        if _only_joints(text, count, escapes):
            return _keeping_joints(escapes, data)
    elif encoding is UTF_8:
        try:
            data = text.encode()
        except UnicodeEncodeError:
            return None  # surrogates: names or values to convert to scalar value strings first
        if len(data) > 2 * len(text) and not escapes.lowercase:
            # Mostly three-byte characters (CJK): perhaps values of nothing else.
            found = _serialize_hex_values(pairs, escapes)
            if found is not None:
                return found
        if _only_joints(text, count, escapes):
            return _keeping_joints(escapes, data)
    elif not escapes.references:
        # The set keeps "&", "#" or ";": an error's reference must be told apart.
        return None
    elif encoding is _ISO_2022_JP:
        return _serialize_iso_2022_jp(pairs, text, escapes)
    elif _only_joints(text, count, escapes):
        # Errors written as b"&#N;" come out as step 7.4's "%26%23N%3B". Surrogates
        # become U+FFFD inside the encoder, as to_usv_string does.
        data = encode_with_references(encoding, text)
        if data.count(b"&") == count - 1:
            # No error was written: every "&" is a joint.
            return _keeping_joints(escapes, data)
    # A name or value holds "&" or "=", or an error was written: stand-ins.
    joined = _PAIR_END.join(map(_NAME_END.join, pairs))
    return _serialize_joined(pairs, joined, encoding, escapes)


def _serialize_iso_2022_jp(pairs: list[tuple[str, str]], text: str, escapes: Escaper) -> str | None:
    """The ISO-2022-JP serialization of the str *pairs* (*text* joined), or None.

    https://encoding.spec.whatwg.org/#iso-2022-jp-encoder gives an error
    (U+FFFD) for U+000E and U+000F in the ASCII and Roman states, after
    returning to ASCII from jis0208 (``ESC ( B``), as it does at the end of
    the input. Without Roman state (no U+00A5 or U+203E) and without any
    other code point it reports as U+FFFD, the pairs joined with U+000F
    after a name and U+000E after a value encode as the names and values
    one by one, each such error at a joint: "=" and "&" in turn.
    """
    if _ISO_2022_JP_UNSAFE.search(text):
        return None
    joined = "\x0e".join(map("\x0f".join, pairs))
    data: list[bytes] = []
    joint = 0
    for item in encode_or_fail(_ISO_2022_JP, joined):
        if isinstance(item, bytes):
            data.append(item)
        elif item == 0xFFFD:
            data.append(_ISO_2022_JP_MARKS[joint & 1])
            joint += 1
        else:
            # Step 7.4, as the escaper writes b"&#N;" with this set.
            data.append(b"&#%d;" % item)
    return escapes.writing(_ISO_2022_JP_JOINTS).escape(b"".join(data))


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
    return escapes.writing(_JOINTS).escape(data)

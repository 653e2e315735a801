"""Machinery the encoders and decoders share.

https://encoding.spec.whatwg.org/#encoders-and-decoders: an encoder turns code
points into bytes or errors, a decoder bytes into code points or errors. Here
:class:`_Output` and :class:`_Sink` collect what they produce;
:class:`_StatelessEncoder` runs a stdlib codec and corrects it on the "special"
code points :func:`_find_special` finds; :func:`_fast_then_slow` and
:func:`_stdlib_decoder` take a stdlib decoder's result where it is provably the
WHATWG one, and :func:`_decode_double_byte` is the shape of the Big5,
Shift_JIS and EUC-KR decoders. Encoders take scalar value strings, and
:func:`to_usv_string` makes one of any str: it is here, below the URL
layer, so that the encoders and the URL algorithms share one conversion.
"""

from __future__ import annotations

import codecs
import re
from itertools import chain
from typing import Callable, Union

from ._indexes import _UNMAPPED

#: A surrogate code point: unpaired in any Python str, so never a scalar value.
SURROGATE = re.compile("[\ud800-\udfff]")


def to_usv_string(text: str) -> str:
    """Return *text* with each surrogate code point replaced by U+FFFD.

    https://webidl.spec.whatwg.org/#es-USVString (conversion to a scalar value string)

    >>> to_usv_string("a\\udc80b")
    'a\\ufffdb'
    """
    # Fast path: an ASCII string has no surrogates.
    if text.isascii():
        return text
    return SURROGATE.sub("\ufffd", text)


# --- Encoders -------------------------------------------------------------------------------

#: The output of :func:`encode_or_fail`: runs of bytes and the code point of each error.
EncodeResult = list[Union[bytes, int]]


class _Output:
    """Collects encoder output: merges adjacent byte runs, records errors."""

    __slots__ = ("items", "pending")

    def __init__(self) -> None:
        self.items: EncodeResult = []
        self.pending: list[bytes] = []

    def write(self, data: bytes) -> None:
        if data:
            self.pending.append(data)

    def error(self, code_point: int) -> None:
        self.flush()
        self.items.append(code_point)

    def flush(self) -> None:
        if self.pending:
            self.items.append(b"".join(self.pending))
            self.pending = []

    def errors_between(self, parts: list[bytes]) -> None:
        """Record ``bytes, number, bytes, ..., number, bytes`` (numbers as ASCII digits).

        Each number is the code point of an error, and each bytes is output;
        text dense with errors (emoji in a single-byte encoding) is recorded
        without a Python call per error.
        """
        self.write(parts[0])
        self.flush()
        code_points = list(map(int, parts[1::2]))
        between = parts[2::2]
        last = between.pop()
        if any(between):
            # Code points are never 0 and empty bytes are dropped: filter(None) does both.
            self.items.extend(filter(None, chain.from_iterable(zip(code_points, between))))
            self.items.append(code_points[-1])
        else:
            self.items.extend(code_points)
        self.write(last)

    def result(self) -> EncodeResult:
        self.flush()
        return self.items


def _char_class(code_points: list[int]) -> str:
    """The inside of a regex character class matching any of ``code_points``."""
    parts = []
    ordered = sorted(code_points)
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1:
            j += 1
        first, last = ordered[i], ordered[j]
        parts.append(f"\\U{first:08x}" if first == last else f"\\U{first:08x}-\\U{last:08x}")
        i = j + 1
    return "".join(parts)


# Marks a code point that is not special, where a supplementary run is scanned.
_PLAIN = b"plain"


def _ordinary_pattern(special: dict[str, bytes | None]) -> re.Pattern[str]:
    """A regex matching a run (maybe empty) of code points that are not special.

    The regex engine tests a character class holding only BMP code points
    against a bitmap, but one with supplementary code points against each of
    its ranges in turn, thousands for Big5: slow on every character of every
    text. So where some supplementary code points are special, the run stops
    at every supplementary code point, and the caller sorts those out with
    the dict. A repeated class runs in one C loop, faster than a search for
    the special code points, which restarts at each position.
    """
    bmp = [ord(char) for char in special if ord(char) <= 0xFFFF]
    excluded = _char_class(bmp)
    if len(bmp) < len(special):
        excluded += "\\U00010000-\\U0010ffff"
    return re.compile(f"[^{excluded}]*" if excluded else ".*", re.DOTALL)


#: Up to this many special code points, a text is searched for each one apart.
_FEW_SPECIALS = 32

#: How many code points :class:`_StatelessEncoder` checks for special ones with
#: a set before it compiles its regex, at least, and per special code point:
#: compiling takes 1-8 us per special code point, and a set check costs about
#: 40 ns a code point more than the regex's, so the set checks stop once they
#: have cost about as much as compiling.
_SET_CHECK_BUDGET = 65536
_SET_CHECKS_PER_SPECIAL = 64


class _StatelessEncoder:
    """An encoder with no state: a stdlib codec plus per-code-point corrections.

    ``whatwg`` is the spec's handler for one non-ASCII code point (bytes, or
    None for an error). ``special`` holds the code points on which the codec's
    strict encoding differs from it, mapped to the WHATWG result; every other
    code point the codec encodes as WHATWG does, or both refuse it.
    """

    __slots__ = ("_encode", "_ordinary_re", "_refused_only", "_set_budget", "_special")

    def __init__(
        self,
        encode: Callable[[str, str], bytes],
        special: dict[str, bytes | None],
    ) -> None:
        self._encode = encode
        self._special = special
        # Compiled on first need: a class of thousands of ranges takes
        # milliseconds (tens for EUC-JP and Big5).
        self._ordinary_re: re.Pattern[str] | None = None
        self._set_budget = max(_SET_CHECK_BUDGET, _SET_CHECKS_PER_SPECIAL * len(special))
        # Computed on first need (a codec call per special code point).
        self._refused_only: bool | None = None

    def encode_or_fail(self, text: str, out: _Output) -> None:
        if not self._may_hold_special(text):
            self._encode_run(text, out)
            return
        special = self._special
        ordinary_re = self._ordinary_re
        size = len(text)
        # text[start:pos] is ordinary and not yet encoded.
        start = pos = 0
        while True:
            if ordinary_re is None:
                # Within the set-check budget: the next special code point by
                # set lookups, without compiling the regex.
                pos = next((index for index in range(pos, size) if text[index] in special), size)
            else:
                found = ordinary_re.match(text, pos)  # "*": it always matches
                pos = found.end() if found else pos
            if pos == size:
                break
            data = special.get(text[pos], _PLAIN)
            if data is not _PLAIN:
                if pos > start:
                    self._encode_run(text[start:pos], out)
                if data is None:
                    out.error(ord(text[pos]))
                else:
                    out.write(data)
                start = pos + 1
            # Else a supplementary code point that is not special: it stays in the run.
            pos += 1
        if start < size:
            self._encode_run(text[start:] if start else text, out)

    def encode_with_references(self, text: str) -> bytes | None:
        """The encoder's output for *text* with each error written as ``b"&#N;"``.

        N is the error's code point in decimal. A literal ``&#N;`` in *text*
        comes out the same, so only a caller that escapes "&", "#" and ";"
        afterwards (and so writes an error as step 7.4 of percent-encode after
        encoding does) can use this. Returns None where the codec's
        ``xmlcharrefreplace`` may not be the WHATWG result: *text* may hold a
        special code point, or holds a surrogate (which becomes U+FFFD first).
        Where the codec refuses every special code point (GBK's), one in *text*
        shows as ``&#N;`` in its output, and only such output is returned as None.
        """
        refused_only = self._refused_only
        if refused_only is None:
            refused_only = self._refused_only = self._refuses_every_special()
        if not refused_only and self._may_hold_special(text):
            return None
        data = self._encode(text, "xmlcharrefreplace")
        # A lone surrogate is an error of the codec, so it shows as "&#N;".
        if b"&" in data and b"&#" in data and (refused_only or SURROGATE.search(text)):
            return None
        return data

    def _refuses_every_special(self) -> bool:
        """Whether the codec refuses each special code point (then none is ever
        written as the codec's bytes for another one)."""
        for char in self._special:
            try:
                self._encode(char, "strict")
            except UnicodeEncodeError:
                continue
            return False
        return bool(self._special)

    def _may_hold_special(self, text: str) -> bool:
        """False if *text* holds no special code point (all of them are non-ASCII).

        True if it does, and, once the regex is compiled, where some
        supplementary code points are special, for any supplementary one.
        """
        if not self._special or text.isascii():
            return False
        if len(self._special) <= _FEW_SPECIALS and len(text) >= 8 * len(self._special):
            # Each one looked for apart: "in" skips through a text (some 20 ns
            # plus 5 ns a kB) much faster than a class is tested at each of its
            # positions (some 4 ns a code point), but for a short text.
            return any(map(text.__contains__, self._special))
        ordinary_re = self._ordinary_re
        if ordinary_re is None:
            # Until the set checks have cost about as much as compiling the
            # regex, a text is checked without it.
            self._set_budget -= len(text)
            if self._set_budget >= 0:
                return not self._special.keys().isdisjoint(text)
            ordinary_re = self._ordinary_re = _ordinary_pattern(self._special)
        return ordinary_re.fullmatch(text) is None

    def _encode_run(self, run: str, out: _Output) -> None:
        # The codec refuses exactly the code points the WHATWG encoder refuses
        # here (none of them is special), so each one it refuses is an error.
        # "xmlcharrefreplace" writes those as b"&#N;". Pieces are split at "&",
        # and in none of these encodings is 0x26 ever part of a multi-byte
        # sequence, so every b"&#N;" in a piece's output marks an error.
        encode = self._encode
        for number, piece in enumerate(run.split("&")):
            if number:
                out.write(b"&")
            if not piece:
                continue
            encoded = encode(piece, "xmlcharrefreplace")
            if b"&" not in encoded:
                out.write(encoded)
                continue
            out.errors_between(_CHAR_REF.split(encoded))


_CHAR_REF = re.compile(rb"&#([0-9]+);")


def _stdlib_encoder(codec: str) -> Callable[[str, str], bytes]:
    encoder = codecs.getencoder(codec)

    def encode(text: str, errors: str) -> bytes:
        return encoder(text, errors)[0]

    return encode


def _find_special(
    codec: str, whatwg: Callable[[int], bytes | None], planes: tuple[int, ...] = (0,)
) -> dict[str, bytes | None]:
    """Every code point of ``planes`` on which ``codec`` and the WHATWG encoder differ.

    The stdlib codecs used here encode nothing outside these planes (checked
    for every scalar value by the tests), and gb18030's four-byte forms of
    supplementary code points are the same as the spec's.
    """
    encoder = codecs.getencoder(codec)
    special: dict[str, bytes | None] = {}
    for plane in planes:
        for code_point in range(max(plane << 16, 0x80), (plane + 1) << 16):
            if 0xD800 <= code_point <= 0xDFFF:
                continue
            char = chr(code_point)
            try:
                theirs: bytes | None = encoder(char, "strict")[0]
            except UnicodeEncodeError:
                theirs = None
            ours = whatwg(code_point)
            if theirs != ours:
                special[char] = ours
    return special


# --- Decoders -------------------------------------------------------------------------------


class _Sink:
    """Decoder output. In fatal mode the first error raises UnicodeDecodeError.

    An error's ``start`` is the offset of the first byte of the sequence it
    ends (the longest prefix of the input before it decodes without error);
    ``end`` is where decoding resumes, bytes the decoder restores excluded.
    """

    __slots__ = ("data", "fatal", "name", "parts")

    def __init__(self, name: str, data: bytes, fatal: bool) -> None:
        self.name = name
        self.data = data
        self.fatal = fatal
        self.parts: list[str] = []

    def error(self, start: int, end: int, reason: str = "invalid byte sequence") -> None:
        if self.fatal:
            raise UnicodeDecodeError(self.name, self.data, start, end, reason)
        self.parts.append("\ufffd")


_INCOMPLETE = "incomplete byte sequence at end of input"


def _decode_double_byte(
    data: bytes,
    sink: _Sink,
    single: Callable[[int], str | None],
    is_lead: Callable[[int], bool],
    pair: Callable[[int, int], str | None],
) -> None:
    """The shape the Big5, Shift_JIS and EUC-KR decoders share.

    A byte that *single* maps is output on its own; a lead byte takes the
    next byte as its trail, and *pair* maps the two (None for no code point).
    An unmapped pair is an error, and an ASCII trail byte is read again, as
    the decoders' "restore byte to ioQueue" step says.
    """
    parts = sink.parts
    i, n = 0, len(data)
    while i < n:
        byte = data[i]
        text = single(byte)
        if text is not None:
            parts.append(text)
            i += 1
            continue
        if not is_lead(byte):
            sink.error(i, i + 1)
            i += 1
            continue
        if i + 1 == n:
            sink.error(i, n, _INCOMPLETE)
            return
        trail = data[i + 1]
        text = pair(byte, trail)
        if text is not None:
            parts.append(text)
            i += 2
        elif trail <= 0x7F:
            sink.error(i, i + 1)
            i += 1
        else:
            sink.error(i, i + 2)
            i += 2


def _ascii(byte: int) -> str | None:
    return chr(byte) if byte <= 0x7F else None


def _mapped(table: str, pointer: int) -> str | None:
    """Pointer ``pointer``'s code point in index ``table`` (see ``_index_table``), or None."""
    char = table[pointer]
    return None if char == _UNMAPPED else char


def _class_chars(members: str) -> tuple[str, ...]:
    """The characters of the inside of a regex class of literal characters and
    ranges (``"a-cx"``: a, b, c and x)."""
    chars: list[str] = []
    index = 0
    while index < len(members):
        if index + 2 < len(members) and members[index + 1] == "-":
            chars.extend(map(chr, range(ord(members[index]), ord(members[index + 2]) + 1)))
            index += 3
        else:
            chars.append(members[index])
            index += 1
    return tuple(chars)


class _FastThenSlow:
    """Decode with the stdlib codec when that is provably the WHATWG result.

    If the codec decodes all of ``data`` strictly, its output equals the WHATWG
    decoder's unless it contains one of ``suspects`` (the code points the codec
    decodes some sequence to differently; found by comparing every byte sequence
    the codec reads as one character) or ``data`` contains a ``forbidden`` byte.
    Otherwise ``slow``, a transcription of the spec's decoder, runs.
    """

    __slots__ = ("_decoder", "_forbidden", "_slow", "_suspect_chars")

    def __init__(
        self,
        codec: str,
        suspects: str,
        slow: Callable[[bytes, _Sink], None],
        forbidden: bytes = b"",
    ) -> None:
        self._suspect_chars = _class_chars(suspects)
        self._decoder = codecs.getdecoder(codec)
        self._slow = slow
        self._forbidden = forbidden

    def fast(self, data: bytes) -> str | None:
        """The WHATWG decoder's output for *data* from the codec alone, or None."""
        for byte in self._forbidden:
            if byte in data:
                return None
        try:
            text: str = self._decoder(data, "strict")[0]
        except UnicodeDecodeError:
            return None
        # Each suspect looked for apart: "in" skips through a text much faster
        # than a class is tested at each of its positions.
        return None if any(map(text.__contains__, self._suspect_chars)) else text

    def __call__(self, data: bytes, sink: _Sink) -> None:
        text = self.fast(data)
        if text is None:
            self._slow(data, sink)
        else:
            sink.parts.append(text)


def _fast_then_slow(
    codec: str, suspects: str, slow: Callable[[bytes, _Sink], None], forbidden: bytes = b""
) -> _FastThenSlow:
    """The codec where it is provably the WHATWG decoder, else *slow*: :class:`_FastThenSlow`."""
    return _FastThenSlow(codec, suspects, slow, forbidden)


def _stdlib_decoder(
    codec: str, slow: Callable[[bytes, _Sink], None]
) -> Callable[[bytes, _Sink], None]:
    """A codec whose replacement-mode output is the WHATWG one; ``slow`` for errors."""
    decoder = codecs.getdecoder(codec)

    def run(data: bytes, sink: _Sink) -> None:
        if sink.fatal:
            try:
                sink.parts.append(decoder(data, "strict")[0])
            except UnicodeDecodeError:
                slow(data, sink)  # raises, with the WHATWG error offsets
        else:
            sink.parts.append(decoder(data, "replace")[0])

    return run

"""Machinery the encoders and decoders share.

https://encoding.spec.whatwg.org/#encoders-and-decoders: an encoder turns code
points into bytes or errors, a decoder bytes into code points or errors. Here
:class:`_Output` and :class:`_Sink` collect what they produce;
:class:`_StatelessEncoder` runs a stdlib codec and corrects it on the "special"
code points :func:`_find_special` finds; :func:`_fast_then_slow` and
:func:`_stdlib_decoder` take a stdlib decoder's result where it is provably the
WHATWG one, and :func:`_decode_double_byte` is the shape of the Big5,
Shift_JIS and EUC-KR decoders.
"""

from __future__ import annotations

import codecs
import re
from itertools import chain
from typing import Callable, Union

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
    """A regex character class (with ``+``) matching any of ``code_points``."""
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
    return "[" + "".join(parts) + "]+" if parts else "(?!)"


# Marks a code point that is not special, where a supplementary run is scanned.
_PLAIN = b"plain"


def _special_pattern(special: dict[str, bytes | None]) -> re.Pattern[str]:
    """A regex matching runs of the special code points.

    The regex engine tests a character class holding only BMP code points
    against a bitmap, but one with supplementary code points against each of
    its ranges in turn, thousands for Big5: slow on every character of every
    text. So supplementary special code points are matched as part of any run
    of supplementary code points, and the caller sorts those out with the dict.
    """
    bmp = [ord(char) for char in special if ord(char) <= 0xFFFF]
    classes = [_char_class(bmp)] if bmp else []
    if len(bmp) < len(special):
        classes.append("[\\U00010000-\\U0010ffff]+")
    return re.compile("|".join(classes) or "(?!)")


#: How many code points :class:`_StatelessEncoder` checks for special ones with
#: a set (about as long as compiling its regex takes) before it compiles the regex.
_SET_CHECK_BUDGET = 65536


class _StatelessEncoder:
    """An encoder with no state: a stdlib codec plus per-code-point corrections.

    ``whatwg`` is the spec's handler for one non-ASCII code point (bytes, or
    None for an error). ``special`` holds the code points on which the codec's
    strict encoding differs from it, mapped to the WHATWG result; every other
    code point the codec encodes as WHATWG does, or both refuse it.
    """

    __slots__ = ("_encode", "_set_budget", "_special", "_special_re")

    def __init__(
        self,
        encode: Callable[[str, str], bytes],
        special: dict[str, bytes | None],
    ) -> None:
        self._encode = encode
        self._special = special
        # Compiled on first need: a class of thousands of ranges takes milliseconds.
        self._special_re: re.Pattern[str] | None = None
        self._set_budget = _SET_CHECK_BUDGET

    def encode_or_fail(self, text: str, out: _Output) -> None:
        pos = 0
        special = self._special
        special_re = self._special_re
        if special_re is None:
            if not special:
                self._encode_run(text, out)
                return
            # Until a text needs the regex, or the set checks have cost about
            # as much as compiling it, a text with no special code point (the
            # common case) is checked without it.
            self._set_budget -= len(text)
            if self._set_budget >= 0 and special.keys().isdisjoint(text):
                self._encode_run(text, out)
                return
            special_re = self._special_re = _special_pattern(special)
        for match in special_re.finditer(text):
            if match.start() > pos:
                self._encode_run(text[pos : match.start()], out)
            # A run of special code points, or of supplementary ones, some special.
            plain: list[str] = []
            for char in match.group():
                data = special.get(char, _PLAIN)
                if data is _PLAIN:
                    plain.append(char)
                    continue
                if plain:
                    self._encode_run("".join(plain), out)
                    plain = []
                if data is None:
                    out.error(ord(char))
                else:
                    out.write(data)
            if plain:
                self._encode_run("".join(plain), out)
            pos = match.end()
        if pos < len(text):
            self._encode_run(text[pos:] if pos else text, out)

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


def _mapped(code_point: int | None) -> str | None:
    return None if code_point is None else chr(code_point)


def _fast_then_slow(
    codec: str, suspects: str, slow: Callable[[bytes, _Sink], None], forbidden: bytes = b""
) -> Callable[[bytes, _Sink], None]:
    """Decode with the stdlib codec when that is provably the WHATWG result.

    If the codec decodes all of ``data`` strictly, its output equals the WHATWG
    decoder's unless it contains one of ``suspects`` (the code points the codec
    decodes some sequence to differently; found by comparing every byte sequence
    the codec reads as one character) or ``data`` contains a ``forbidden`` byte.
    Otherwise ``slow``, a transcription of the spec's decoder, runs.
    """
    suspect_re = re.compile(f"[{suspects}]") if suspects else None
    decoder = codecs.getdecoder(codec)

    def run(data: bytes, sink: _Sink) -> None:
        if not any(byte in data for byte in forbidden):
            try:
                text: str = decoder(data, "strict")[0]
            except UnicodeDecodeError:
                pass
            else:
                if suspect_re is None or not suspect_re.search(text):
                    sink.parts.append(text)
                    return
        slow(data, sink)

    return run


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

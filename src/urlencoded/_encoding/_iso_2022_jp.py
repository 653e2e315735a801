"""ISO-2022-JP: its encoder and decoder, state machines written here.

https://encoding.spec.whatwg.org/#iso-2022-jp (the
https://encoding.spec.whatwg.org/#iso-2022-jp-encoder and
https://encoding.spec.whatwg.org/#iso-2022-jp-decoder), over the jis0208 index
that Shift_JIS and EUC-JP use too.
"""

from __future__ import annotations

import codecs
import re
from bisect import bisect_left
from collections.abc import Iterator
from itertools import repeat

from ._coders import (
    _INCOMPLETE,
    _char_class,
    _Output,
    _Sink,
)
from ._indexes import (
    _UNMAPPED,
    _first_pointers,
    _index_iso_2022_jp_katakana,
    _index_table,
)

# Runs of non-ASCII code points, kept by re.split.
_NON_ASCII_RUNS = re.compile("([^\x00-\x7f]+)")
_ISO_2022_JP_ENCODE = codecs.getencoder("iso2022_jp")
# How many code points encode_whole splits into runs before it compiles its
# class of about 7,000 code points (some 20 ms, with the codec calls that pick
# them): str.translate takes about 40 ns a code point, the class's match and
# the codec together about 2 ns.
_CODEC_CLASS_BUDGET = 1 << 18
_TOKENS = re.compile(
    "([\x00-\x0d\x10-\x1a\x1c-\x7f]+)|([\x0e\x0f\x1b])|([\u00a5\u203e]+)|([^\x00-\x7f\u00a5\u203e]+)"
)


class _JisTable(dict[int, str]):
    """:meth:`_Iso2022JpEncoder._build_jis_table`'s result, precomputed in ``_tables``.

    Filled 256 code points at a time, by the first lookup (``table[code_point]``,
    as str.translate does) in each block: building all 7,000 entries takes
    about a millisecond, and a text touches few blocks. A lookup of a code
    point with no bytes returns its character, which str.translate then
    leaves as it is.
    """

    __slots__ = ("_blocks", "_chars", "_pairs")

    def __init__(self) -> None:
        super().__init__()
        from ._tables import iso_2022_jp

        self._chars: str = iso_2022_jp.CHARS
        self._pairs: str = iso_2022_jp.PAIRS
        self._blocks: set[int] = set()

    def __missing__(self, code_point: int) -> str:
        block = code_point >> 8
        if block <= 0xFF and block not in self._blocks:
            chars = self._chars
            start = bisect_left(chars, chr(block << 8))
            end = bisect_left(chars, chr((block + 1) << 8), start)
            # PAIRS holds each code point's two bytes and a space.
            self.update(zip(map(ord, chars[start:end]), self._pairs[start * 3 : end * 3].split()))
            # Marked once filled: a thread that finds the mark finds the entries.
            self._blocks.add(block)
            if code_point in self:
                return self[code_point]
        return chr(code_point)


class _Iso2022JpEncoder:
    """https://encoding.spec.whatwg.org/#iso-2022-jp-encoder, run over runs of text.

    The text is cut into runs of one kind (ASCII; U+000E, U+000F, U+001B;
    U+00A5 and U+203E; code points with a jis0208 pointer; anything else), and
    each run is written as the spec's state machine would write it code point
    by code point. The state lives in the caller's loop, across errors.
    """

    __slots__ = ("_budget", "_codec_re", "_jis", "_tokens")

    def __init__(self) -> None:
        self._jis = _JisTable()
        self._codec_re: re.Pattern[str] | None = None
        self._budget = _CODEC_CLASS_BUDGET
        # The last group, any other run, is cut into jis0208 runs and the rest by
        # _runs: a regex class of the ~7,000 jis0208 code points takes long to compile.
        self._tokens = _TOKENS

    @staticmethod
    def _build_jis_table(jis0208: dict[int, int]) -> dict[int, str]:
        """Code point -> the two bytes Steps 8-15 write for it over index ``jis0208``, as ASCII."""
        pointers = _first_pointers(jis0208)
        jis: dict[int, str] = {}
        for code_point, pointer in pointers.items():
            # Steps 13-15: two bytes pointer / 94 + 0x21, pointer % 94 + 0x21.
            jis[code_point] = chr(pointer // 94 + 0x21) + chr(pointer % 94 + 0x21)
        # Step 8: U+2212 becomes U+FF0D.
        jis[0x2212] = jis[0xFF0D]
        # Step 9: halfwidth katakana become the ISO-2022-JP katakana index's code point.
        for offset, code_point in enumerate(_index_iso_2022_jp_katakana()):
            jis[0xFF61 + offset] = jis[code_point]
        return jis

    def _runs(self, text: str) -> Iterator[tuple[str, str, str, str, str]]:
        """The runs of ``text``: ASCII, a control, Roman, jis0208, other (one is set)."""
        jis = self._jis
        for ascii_run, control, roman_run, non_ascii in self._tokens.findall(text):
            if not non_ascii:
                yield ascii_run, control, roman_run, "", ""
            elif non_ascii.translate(jis).isascii():
                # Every code point of the run has a jis0208 pointer (only
                # those translate to ASCII).
                yield "", "", "", non_ascii, ""
            else:
                start = 0
                for i, char in enumerate(non_ascii):
                    if not jis[ord(char)].isascii():
                        if i > start:
                            yield "", "", "", non_ascii[start:i], ""
                        yield "", "", "", "", char
                        start = i + 1
                if start < len(non_ascii):
                    yield "", "", "", non_ascii[start:], ""

    def encode_whole(self, text: str) -> bytes | None:
        """The output for a text of ASCII code points (but U+000E, U+000F and
        U+001B) and code points with a jis0208 pointer, in a few C calls; None
        for any other text (lone surrogates included).

        Such a text moves only between the ASCII and jis0208 states: each run
        of jis0208 code points is ESC $ B and their pairs (Steps 12-15), then
        ESC ( B, for the ASCII code point after it (Step 6) or at the end of
        the queue. Python's codec writes the same for the code points whose
        own encoding by it is the spec's (``_codec_class``), and scans a text
        faster than a split into runs; its class is compiled once the texts
        seen here add up to a budget, as the stateless encoders do.
        """
        if "\x1b" in text or "\x0e" in text or "\x0f" in text:
            return None
        codec_re = self._codec_re
        if codec_re is None:
            self._budget -= len(text)
            if self._budget < 0:
                codec_re = self._codec_re = re.compile(f"[{self._codec_class()}]*")
        if codec_re is not None and codec_re.fullmatch(text):
            return _ISO_2022_JP_ENCODE(text, "strict")[0]
        parts = _NON_ASCII_RUNS.split(text)
        # Only code points with a jis0208 pointer translate to ASCII.
        pairs = list(map(str.translate, parts[1::2], repeat(self._jis)))
        if not all(map(str.isascii, pairs)):
            return None
        parts[1::2] = map("\x1b$B{}\x1b(B".format, pairs)
        return "".join(parts).encode("ascii")

    def _codec_class(self) -> str:
        """A regex class of the ASCII code points but U+000E, U+000F and U+001B, and
        of the code points with a jis0208 pointer that Python's codec encodes as the
        spec does."""
        from ._tables import iso_2022_jp

        jis = self._jis
        same = []
        for char in iso_2022_jp.CHARS:
            try:
                data = _ISO_2022_JP_ENCODE(char, "strict")[0]
            except UnicodeEncodeError:
                continue
            if data == b"\x1b$B" + jis[ord(char)].encode("ascii") + b"\x1b(B":
                same.append(ord(char))
        return "\x00-\x0d\x10-\x1a\x1c-\x7f" + _char_class(same)

    def encode_or_fail(self, text: str, out: _Output) -> None:
        bulk = self.encode_whole(text)
        if bulk is not None:
            out.write(bulk)
            return
        state = "ASCII"
        for ascii_run, control, roman_run, jis_run, other in self._runs(text):
            if ascii_run:
                if state == "Roman":
                    # Step 5: Roman writes ASCII as is, except U+005C and U+007E.
                    cut = len(ascii_run)
                    for char in "\\~":
                        found = ascii_run.find(char)
                        if found != -1 and found < cut:
                            cut = found
                    out.write(ascii_run[:cut].encode("ascii"))
                    ascii_run = ascii_run[cut:]
                if ascii_run:
                    if state != "ASCII":
                        # Step 6: switch to ASCII.
                        out.write(b"\x1b(B")
                        state = "ASCII"
                    # Step 4.
                    out.write(ascii_run.encode("ascii"))
            elif control:
                if state == "jis0208":
                    # Step 6 (these are ASCII code points), then Step 3.
                    out.write(b"\x1b(B")
                    state = "ASCII"
                # Step 3: an error reported as U+FFFD, to prevent attacks.
                out.error(0xFFFD)
            elif roman_run:
                if state != "Roman":
                    # Step 7.
                    out.write(b"\x1b(J")
                    state = "Roman"
                # Step 5.
                out.write(roman_run.replace("\u00a5", "\\").replace("\u203e", "~").encode("ascii"))
            elif jis_run:
                if state != "jis0208":
                    # Step 12.
                    out.write(b"\x1b$B")
                    state = "jis0208"
                # Steps 13-15.
                out.write(jis_run.translate(self._jis).encode("ascii"))
            else:
                if state == "jis0208":
                    # Step 11.1.
                    out.write(b"\x1b(B")
                    state = "ASCII"
                # Step 11.2.
                out.error(ord(other))
        # End-of-queue, Step 1: return to ASCII.
        if state != "ASCII":
            out.write(b"\x1b(B")


# https://encoding.spec.whatwg.org/#iso-2022-jp-decoder
def _decode_iso_2022_jp(data: bytes, sink: _Sink) -> None:
    index = _index_table("jis0208")
    parts = sink.parts
    state = output_state = "ASCII"
    lead = 0x00
    output = False
    i, n = 0, len(data)
    seq_start = 0  # where the pending escape sequence or character began
    while True:
        byte = data[i] if i < n else None  # None is end-of-queue
        i += 1
        if state in ("ASCII", "Roman", "katakana", "leading byte"):
            if byte == 0x1B:
                state = "escape start"
                seq_start = i - 1
                continue
            if byte is None:
                return
            output = False
            if state == "ASCII":
                if byte <= 0x7F and byte not in (0x0E, 0x0F):
                    parts.append(chr(byte))
                    continue
            elif state == "Roman":
                if byte == 0x5C:
                    parts.append("\u00a5")
                    continue
                if byte == 0x7E:
                    parts.append("\u203e")
                    continue
                if byte <= 0x7F and byte not in (0x0E, 0x0F):
                    parts.append(chr(byte))
                    continue
            elif state == "katakana":
                if 0x21 <= byte <= 0x5F:
                    parts.append(chr(0xFF61 - 0x21 + byte))
                    continue
            elif 0x21 <= byte <= 0x7E:  # leading byte
                lead = byte
                state = "trailing byte"
                seq_start = i - 1
                continue
            sink.error(i - 1, i)
        elif state == "trailing byte":
            if byte == 0x1B:
                state = "escape start"
                sink.error(seq_start, i - 1)
                seq_start = i - 1
                continue
            state = "leading byte"
            if byte is None:
                sink.error(seq_start, n, _INCOMPLETE)
                return
            if 0x21 <= byte <= 0x7E:
                char = index[(lead - 0x21) * 94 + byte - 0x21]
                if char == _UNMAPPED:
                    sink.error(seq_start, i)
                else:
                    parts.append(char)
                continue
            sink.error(seq_start, i)
        elif state == "escape start":
            # Step 1.
            if byte in (0x24, 0x28):
                lead = byte
                state = "escape"
                continue
            # Step 2: restore byte.
            if byte is not None:
                i -= 1
            # Step 3.
            output = False
            state = output_state
            sink.error(seq_start, min(i, n), _INCOMPLETE if byte is None else "invalid escape")
        else:  # escape
            leading = lead
            lead = 0x00
            new_state = None
            if leading == 0x28 and byte == 0x42:
                new_state = "ASCII"
            elif leading == 0x28 and byte == 0x4A:
                new_state = "Roman"
            elif leading == 0x28 and byte == 0x49:
                new_state = "katakana"
            elif leading == 0x24 and byte in (0x40, 0x42):
                new_state = "leading byte"
            if new_state is not None:
                state = output_state = new_state
                previous = output
                output = True
                if previous:
                    sink.error(seq_start, i, "escape sequence with no output after the last one")
                continue
            # Step 8: restore « leading, byte », or leading at end-of-queue (i has
            # moved past the end-of-queue too, so both cases step back two).
            i -= 2
            output = False
            state = output_state
            sink.error(seq_start, i, "invalid escape")


# Python's iso2022_jp codec decodes as the spec's decoder does where it decodes
# without error, but: it reads a control byte (SO and SI too) as itself in any
# state, where the spec's decoder has an error in the jis0208 states and at SO
# and SI anywhere; it reads an ESC that starts no escape sequence it knows as
# itself, where the spec's decoder has an error; it takes an escape sequence
# right after another, where the
# spec's decoder has an error (its output flag); and six jis0208 pairs decode
# to JIS X 0208's code points, not the index's (as in euc_jp). It refuses
# katakana (ESC ( I). tests/test_encoding_exhaustive.py holds it to the
# transcription on every state and byte pair.
_ISO_2022_JP = codecs.getdecoder("iso2022_jp")
# A control after the bytes a jis0208 pair may hold: any other byte there (ESC
# aside) is one the codec refuses, so this finds every control it would read.
# The run of pair bytes is taken whole, as an atomic group would (a lookahead
# and a backreference, for Python before 3.11): a control can only follow all
# of it, and backing off through it byte by byte took eight times as long.
_CONTROL_IN_JIS0208 = re.compile(rb"\x1b\$[@B](?=([\x21-\x7e]*))\1[\x00-\x1a\x1c-\x20]")
_ESCAPE_AFTER_ESCAPE = re.compile(rb"\x1b(?:\(B|\(J|\$@|\$B)\x1b")
_NOT_AN_ESCAPE_SEQUENCE = re.compile(rb"\x1b(?!\(B|\(J|\$@|\$B)")
# What the six pairs decode to in the codec, each looked for apart ("in" skips
# through a text much faster than a class is tested at each of its positions).
_SUSPECTS = ("\u00a2", "\u00a3", "\u00ac", "\u2016", "\u2212", "\u301c")


def decode_with_codec(data: bytes) -> str | None:
    """The decoder's output for *data* from Python's codec where that is provably the
    spec's (no error, none of the cases above); None otherwise.

    A control byte between runs cut apart decodes as itself in the ASCII state
    and is an error in the jis0208 states, so runs joined by controls decode
    here exactly when each decodes alone, unless one ends in Roman (ESC ( J),
    which the next would continue: the caller checks for that.
    """
    if 0x0E in data or 0x0F in data:
        return None
    if (
        _NOT_AN_ESCAPE_SEQUENCE.search(data)
        or _CONTROL_IN_JIS0208.search(data)
        or _ESCAPE_AFTER_ESCAPE.search(data)
    ):
        return None
    try:
        text: str = _ISO_2022_JP(data, "strict")[0]
    except UnicodeDecodeError:
        return None
    return None if any(map(text.__contains__, _SUSPECTS)) else text


def _decode_iso_2022_jp_fast(data: bytes, sink: _Sink) -> None:
    # ASCII without ESC, SO and SI stays in the initial ASCII state throughout.
    if data.isascii() and 0x1B not in data and 0x0E not in data and 0x0F not in data:
        sink.parts.append(data.decode("ascii"))
        return
    text = decode_with_codec(data) if 0x1B in data else None
    if text is None:
        _decode_iso_2022_jp(data, sink)
    else:
        sink.parts.append(text)

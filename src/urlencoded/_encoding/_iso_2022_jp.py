"""ISO-2022-JP: its encoder and decoder, state machines written here, and Python's
``iso2022_jp`` codec where it provably gives the same result.

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
from typing import NamedTuple

from ._coders import (
    _INCOMPLETE,
    SURROGATE,
    _Output,
    _Sink,
)
from ._indexes import (
    _UNMAPPED,
    _first_pointers,
    _index_iso_2022_jp_katakana,
    _index_table,
)

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

    Python's ``iso2022_jp`` codec writes most text as the spec does
    (:meth:`_encode_with_codec` says when, and why); other text is cut into
    runs of one kind (ASCII; U+000E, U+000F, U+001B; U+00A5 and U+203E; code
    points with a jis0208 pointer; anything else), and each run is written as
    the spec's state machine would write it code point by code point. The
    state lives in the caller's loop, across errors.
    """

    __slots__ = ("_codec_check", "_jis", "_tokens")

    def __init__(self) -> None:
        self._jis = _JisTable()
        # The last group, any other run, is cut into jis0208 runs and the rest by
        # _runs: a regex class of the ~7,000 jis0208 code points takes long to compile.
        self._tokens = _TOKENS
        # Built on first need (it costs a few milliseconds): see _encode_with_codec.
        self._codec_check: _CodecCheck | None = None

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

    def encode_or_fail(self, text: str, out: _Output) -> None:
        if text.isascii() and not _has_control(text):
            # Step 4 throughout, in the initial ASCII state.
            out.write(text.encode("ascii"))
        elif not self._encode_with_codec(text, out):
            self._encode_by_runs(text, out)

    def encode_with_references(self, text: str) -> bytes | None:
        """The encoder's output for *text* with each error written as ``b"&#N;"``, from
        the codec alone; None where that may not be it.

        As :meth:`_StatelessEncoder.encode_with_references`: a literal ``&#N;``
        in *text* comes out the same, and a surrogate makes it None.
        """
        check = self._codec_check or self._check()
        if not check.usable or (not text.isascii() and _holds_codec_only(text)):
            return None
        data = _with_references(text)
        if b"&#" in data:
            if SURROGATE.search(text):
                return None
            # A literal "&#N;" may be taken for one of these code points, which
            # costs time only.
            numbers = _marked(data)[1::2]
            if not check.refused.isdisjoint(numbers):
                return None
            if not check.substituted.isdisjoint(numbers):
                data = _with_references(text.translate(check.substitutes))
        return None if b"\x1b(J" in data else data

    def _encode_with_codec(self, text: str, out: _Output) -> bool:
        """Write the spec's encoder's output for *text* with Python's codec, if that
        provably is it; return whether it did (if not, it wrote nothing).

        Where *text* holds none of the code points on which the two differ
        alone (:data:`_CODEC_ONLY`, :data:`_ROMAN`, the jis0208 ones the codec
        refuses), every code point is ASCII, has the same two bytes in both,
        or both refuse it. Neither then ever enters Roman, and both switch
        between ASCII and jis0208 alike: ``ESC $ B`` before jis0208 bytes,
        ``ESC ( B`` before ASCII and at the end. An error returns to ASCII
        first, in the spec (Steps 6 and 11.1) and in the codec, which writes
        its ``xmlcharrefreplace`` reference ``&#N;`` as ASCII. U+000E, U+000F
        and U+001B, which the codec writes as is (after ``ESC ( B`` in
        jis0208), are errors reported as U+FFFD. A jis0208 code point that
        the codec refuses but writes the bytes of as another code point
        (U+FF0D as U+2212, halfwidth katakana as full-width ones) is written
        as that one (:attr:`_CodecCheck.substitutes`).

        Only :data:`_CODEC_ONLY` is looked for in *text*; the others show in
        the output: Roman as ``ESC ( J``, and a code point the codec refuses
        as its reference.
        """
        check = self._codec_check or self._check()
        if not check.usable or (not text.isascii() and _holds_codec_only(text)):
            return False
        references = False
        if len(text) <= _CHUNK:
            data: bytes = _ENCODE(text, "xmlcharrefreplace")[0]
        else:
            try:
                data = _ENCODE(text, "strict")[0]
            except UnicodeEncodeError:
                data = _with_references(text)
                references = True
        if b"\x1b(J" in data:
            return False
        if b"&#" not in data and "\x1b" not in text:
            # No error but U+000E and U+000F, whose bytes mark them.
            if b"\x0e" not in data and b"\x0f" not in data:
                out.write(data)
            else:
                pieces = data.replace(b"\x0f", b"\x0e").split(b"\x0e")
                # Beyond a few errors, one errors_between call costs less.
                if len(pieces) > 8:
                    parts = [b"65533"] * (2 * len(pieces) - 1)
                    parts[::2] = pieces
                    out.errors_between(parts)
                else:
                    out.write(pieces[0])
                    for piece in pieces[1:]:
                        out.error(0xFFFD)
                        out.write(piece)
            return True
        # An error, or U+001B, which the codec's output would not tell from an
        # escape sequence: the errors as references, the controls as U+FFFD.
        if not references and _has_control(text):
            data = _with_references(text)
        parts = _marked(data)
        numbers = parts[1::2]
        if not check.refused.isdisjoint(numbers):
            return False
        if not check.substituted.isdisjoint(numbers):
            text = text.translate(check.substitutes)
            parts = _marked(_with_references(text))
        if "&" in text and len(parts) > 1:
            # A literal "&#N;" would read as an error: encode the text between
            # the "&"s alone. Each ends in ASCII, where "&" puts both anyway.
            marked = [_marked(_with_references(piece)) for piece in text.split("&")]
        else:
            marked = [parts]
        for number, parts in enumerate(marked):
            if number:
                out.write(b"&")
            _write_parts(parts, out)
        return True

    def _check(self) -> _CodecCheck:
        check = self._codec_check
        if check is None:
            check = self._codec_check = _check_codec()
        return check

    def _encode_by_runs(self, text: str, out: _Output) -> None:
        """The spec's encoder over any scalar value string *text*, run by run."""
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


_ENCODE = codecs.getencoder("iso2022_jp")
_INCREMENTAL_ENCODER = codecs.getincrementalencoder("iso2022_jp")

# Code points the codec writes (in JIS X 0208) and the spec refuses, found by
# comparing the two on every scalar value (tests/test_iso_2022_jp_encoder.py
# does, on each interpreter).
_CODEC_ONLY = "\u00a2\u00a3\u00ac\u2016\u301c"
# Both write U+00A5 and U+203E in Roman, but the codec leaves Roman for any
# ASCII code point that follows, and the spec only for U+005C and U+007E.
_ROMAN = "\u00a5\u203e"
_CODEC_ONLY_RE = re.compile(f"[{_CODEC_ONLY}]")

# Text that takes each path between ASCII and jis0208, with errors and "&", and
# the spec's output for it with each error written as "&#N;".
_PROBE = "a\u4e9c\u4e9cb\x00\u00e9\u4e9c\u00e9&x\u4e9c\U0001f600"
_PROBE_BYTES = b"a\x1b$B0!0!\x1b(Bb\x00&#233;\x1b$B0!\x1b(B&#233;&x\x1b$B0!\x1b(B&#128512;"


class _CodecCheck(NamedTuple):
    """What :func:`_check_codec` finds of this interpreter's codec."""

    #: Whether it writes the probe as the spec does, and every code point with a
    #: jis0208 pointer as the spec does, or refuses it.
    usable: bool
    #: The code points with a jis0208 pointer that it refuses, in decimal.
    refused: frozenset[bytes]
    #: Of those, the ones it writes the bytes of as another code point, in
    #: decimal, and for str.translate.
    substituted: frozenset[bytes]
    substitutes: dict[int, str]


def _check_codec() -> _CodecCheck:
    """Compare the codec with the spec on the probe and every code point with a
    jis0208 pointer.

    The code points are checked in one call: joined with U+0000, which both
    write as is in ASCII, each comes out as ``ESC $ B``, its two bytes, ``ESC
    ( B``, or as a reference. The codec refuses the NEC and IBM rows of the
    index; it writes the bytes of U+2225, U+FF0D, U+FF5E, U+FFE0-U+FFE2 and
    of halfwidth katakana (which the spec writes as full-width ones) for the
    code points it decodes them to.
    """
    from ._tables import iso_2022_jp

    unusable = _CodecCheck(False, frozenset(), frozenset(), {})
    if _ENCODE(_PROBE, "xmlcharrefreplace")[0] != _PROBE_BYTES:
        return unusable
    chars: str = iso_2022_jp.CHARS
    pairs: list[str] = iso_2022_jp.PAIRS.split()
    written = _with_references("\x00".join(chars)).split(b"\x00")
    if len(written) != len(chars):
        return unusable
    refused: set[bytes] = set()
    substitutes: dict[int, str] = {}
    for char, pair, data in zip(chars, pairs, written):
        expected = b"\x1b$B" + pair.encode("ascii") + b"\x1b(B"
        if data == expected:
            continue
        if data != b"&#%d;" % ord(char):
            return unusable
        refused.add(b"%d" % ord(char))
        # The code point the codec reads these bytes as, if it writes them for it
        # and the spec writes it the same (with a jis0208 pointer, and not
        # refused) or refuses it (then text holding it never gets here).
        substitute = expected.decode("iso2022_jp", "replace")
        if (
            len(substitute) == 1
            and (substitute in chars or substitute in _CODEC_ONLY)
            and _ENCODE(substitute, "xmlcharrefreplace")[0] == expected
        ):
            substitutes[ord(char)] = substitute
    substituted = frozenset(b"%d" % code_point for code_point in substitutes)
    return _CodecCheck(True, frozenset(refused - substituted), substituted, substitutes)


# Text longer than this goes to the codec in pieces this long where it may hold
# errors: PyPy's codec copies its output at each error.
_CHUNK = 256


def _with_references(text: str) -> bytes:
    """The codec's output for *text*, U+000E, U+000F and U+001B written as U+FFFD
    (errors reported as U+FFFD, as they are), each error as ``&#N;``."""
    if _has_control(text):
        text = text.replace("\x0e", "\ufffd").replace("\x0f", "\ufffd").replace("\x1b", "\ufffd")
    if len(text) <= _CHUNK:
        data: bytes = _ENCODE(text, "xmlcharrefreplace")[0]
        return data
    # The incremental encoder keeps its state from one piece to the next.
    encode = _INCREMENTAL_ENCODER("xmlcharrefreplace").encode
    pieces = [encode(text[start : start + _CHUNK]) for start in range(0, len(text), _CHUNK)]
    pieces.append(encode("", True))
    return b"".join(pieces)


def _has_control(text: str) -> bool:
    return "\x0e" in text or "\x0f" in text or "\x1b" in text


def _holds_codec_only(text: str) -> bool:
    if len(text) < 256:
        return _CODEC_ONLY_RE.search(text) is not None
    # One search each, faster than a regex over long text.
    return any(char in text for char in _CODEC_ONLY)


# An error's reference in the codec's output, and a jis0208 run (whose bytes may
# hold "&#"), which the first alternative skips.
_CHAR_REF = re.compile(rb"&#([0-9]+);")
_JIS0208_RUN_OR_CHAR_REF = re.compile(rb"\x1b\$B[\x21-\x7e]*|&#([0-9]+);")
_CHAR_REF_IN_JIS0208 = re.compile(rb"\x1b\$B[\x21-\x7e]*&#")


def _marked(data: bytes) -> list[bytes]:
    """The codec's output *data* for text without "&", cut at each ``&#N;`` outside
    jis0208: ``bytes, N, bytes, ..., N, bytes``, N in decimal, as
    :meth:`_Output.errors_between` takes them."""
    if b"&#" not in data:
        return [data]
    if _CHAR_REF_IN_JIS0208.search(data) is None:
        return _CHAR_REF.split(data)
    parts: list[bytes] = []
    start = 0
    for found in _JIS0208_RUN_OR_CHAR_REF.finditer(data):
        number = found.group(1)
        if number is not None:
            parts += (data[start : found.start()], number)
            start = found.end()
    parts.append(data[start:])
    return parts


def _write_parts(parts: list[bytes], out: _Output) -> None:
    """Write what :func:`_marked` returns to *out*."""
    # Beyond a few errors, one errors_between call costs less.
    if len(parts) > 15:
        out.errors_between(parts)
        return
    out.write(parts[0])
    for i in range(1, len(parts), 2):
        out.error(int(parts[i]))
        out.write(parts[i + 1])


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

"""Reading forms from pages that were not UTF-8: the hidden-field probe.

Before the URL Standard settled on UTF-8, a form was submitted in the encoding
of the page that held it (or its ``accept-charset``), and nothing in the body
says which. Servers guessed. One reliable old trick is the *probe field*: the
form carries a hidden input whose value is known in advance, say
``<input type=hidden name=dot value="・">``; the server encodes that value in
each encoding the page might have used, and the one whose bytes match what
arrived is the encoding of the whole submission.

:func:`detect_probe_encoding` does the comparison, exactly as a browser would
have produced the bytes: "encode" with the "html" error mode (a character the
encoding lacks becomes ``&#N;``), through the output encoding of each
candidate; :func:`urlencoded.parse` then decodes every field with the winner
(``parse_with_probe``, which did both, is deprecated).
Both refuse to guess: no match, several matches that decode differently, or
a missing probe field raise :class:`~urlencoded.ProbeError`.

Without a probe field, :func:`guess_encoding` does what servers called
automatic detection (自動判別): it keeps the candidates under which every
name and value decodes without an error. That is a filter, not an answer:
form fields are short, and a few bytes are often valid in several
encodings (EUC-JP and Shift_JIS share many two-byte sequences, and
windows-1252 decodes any byte at all), so the caller must still choose, by
order of preference. The probe field is the reliable way.

:func:`guess_encoding`, and the detection of ``_detect`` built on it, read a
form through :class:`Fields`: its arguments and limits checked as
:func:`urlencoded.parse` checks them (:func:`read_form`), then all its names
and values percent-decoded at once and decoded in each candidate a chunk at
a time, so that a large body costs a few passes per candidate rather than a
call per name and value.

The other legacy rules, ``_charset_`` and isindex, are keyword arguments of
:func:`urlencoded.parse`. UTF-8 is the only conforming choice for new forms
(https://url.spec.whatwg.org/#application/x-www-form-urlencoded); these are for
reading what old pages still send.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .._core import (
    NO_LIMITS,
    PARSE_DEFAULTS,
    FormOptions,
    Separator,
    as_bytes,
    check_limits,
    form_options,
    parse_region,
    parse_region_bytes,
    percent_decode_bytes,
    unify_separators,
)
from .._encoding import (
    Encoding,
    decode,
    encode_with_references,
    get_encoding,
    get_output_encoding,
)
from .._errors import ProbeError

__all__ = [
    "Fields",
    "ascii_reader",
    "candidate_encodings",
    "detect_probe_encoding",
    "guess_encoding",
    "parse_with_probe",
    "read_form",
]


def detect_probe_encoding(
    data: bytes | str,
    field: str,
    text: str,
    candidates: Iterable[str | Encoding],
) -> Encoding:
    """Choose the encoding of a form submission from a probe field's known value.

    The page's form held a field named ``field`` with the value ``text``. For
    each candidate, its output encoding
    (https://encoding.spec.whatwg.org/#get-an-output-encoding) encodes the name
    and the value as a browser submitting the form would
    (https://encoding.spec.whatwg.org/#encode, "html" error mode); the
    candidate matches when the body holds a field with exactly those bytes.
    Candidates whose output encodings decode the whole body to the same pairs
    count as one.

    :param data: the body or query, as bytes (str is UTF-8 encoded first).
    :param field: the probe field's name.
    :param text: the value the probe field is known to hold.
    :param candidates: encoding labels or :class:`Encoding` objects to try, in
        order of preference.
    :returns: the first matching candidate's output encoding.
    :raises ProbeError: if no candidate matches (``matches`` is empty), if
        several match and decode the body differently (``matches`` lists them),
        or if *candidates* is empty (``candidates`` is empty too).
    :raises UnknownEncodingError: for an unknown label among ``candidates``.
    :raises TypeError: for arguments of the wrong type.

    >>> detect_probe_encoding(b"dot=%81E&q=%93%FA%96%7B", "dot", "・", ["utf-8", "euc-jp", "sjis"])
    <Encoding 'Shift_JIS'>

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       Empty *candidates* raise :class:`ProbeError` instead of a plain :class:`ValueError`.
    """
    if not isinstance(field, str) or not isinstance(text, str):
        raise TypeError("field and text must be str")
    if isinstance(candidates, (str, Encoding)):
        raise TypeError("candidates must be an iterable of labels or Encoding objects")
    outputs: list[Encoding] = []
    for candidate in candidates:
        output = get_output_encoding(get_encoding(candidate))
        if output not in outputs:
            outputs.append(output)
    if not outputs:
        raise ProbeError(field, text, (), ())
    # A str is UTF-8 encoded once here, so that it can be decoded in each candidate.
    data = as_bytes(data, "detect_probe_encoding")
    pairs = parse_region_bytes(data, PARSE_DEFAULTS)
    submitted = set(pairs)
    matches = [
        encoding
        for encoding in outputs
        if (
            encode_with_references(encoding, field),
            encode_with_references(encoding, text),
        )
        in submitted
    ]
    if not matches:
        names = {name for name, _ in pairs}
        present = any(encode_with_references(encoding, field) in names for encoding in outputs)
        raise ProbeError(field, text, tuple(outputs), (), field_present=present)
    # Several matches that read the body the same way are one answer.
    first = matches[0]
    decoded = _decoded(data, first)
    distinct = [first] + [m for m in matches[1:] if _decoded(data, m) != decoded]
    if len(distinct) > 1:
        raise ProbeError(field, text, tuple(outputs), tuple(matches))
    return first


def parse_with_probe(
    data: bytes | str,
    field: str,
    text: str,
    candidates: Iterable[str | Encoding],
) -> tuple[Encoding, list[tuple[str, str]]]:
    """Parse a form submission in the encoding its probe field reveals.

    Runs :func:`detect_probe_encoding`, then the urlencoded parser
    (https://url.spec.whatwg.org/#concept-urlencoded-parser) decoding every
    name and value with the chosen encoding's decoder (replacement mode).

    :param data: the body or query, as bytes (str is UTF-8 encoded first).
    :param field: the probe field's name.
    :param text: the value the probe field is known to hold.
    :param candidates: encoding labels or :class:`Encoding` objects to try.
    :returns: the chosen encoding and the decoded pairs (the probe field included).
    :raises ProbeError: as for :func:`detect_probe_encoding`: no match, several
        matches that decode differently, or empty *candidates*.
    :raises UnknownEncodingError: for an unknown label among ``candidates``.
    :raises TypeError: for arguments of the wrong type.

    >>> parse_with_probe(b"dot=%A1%A6&q=%C6%FC%CB%DC", "dot", "・", ["sjis", "euc-jp"])
    (<Encoding 'EUC-JP'>, [('dot', '・'), ('q', '日本')])

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       Empty *candidates* raise :class:`ProbeError` instead of a plain :class:`ValueError`.
    """
    encoding = detect_probe_encoding(data, field, text, candidates)
    return encoding, _decoded(as_bytes(data, "parse_with_probe"), encoding)


def _decoded(body: bytes, encoding: Encoding) -> list[tuple[str, str]]:
    """The parser's pairs of *body* decoded with *encoding* (replacement mode)."""
    return parse_region(body, 0, encoding, PARSE_DEFAULTS, first=True)


def guess_encoding(
    data: bytes | bytearray | memoryview | str,
    candidates: Iterable[str | Encoding],
    *,
    separator: Separator = "&",
    max_fields: int | None = None,
    max_field_size: int | None = None,
    max_body_size: int | None = None,
) -> list[Encoding]:
    """The candidate encodings under which every field of a form decodes without error.

    Runs the urlencoded parser (https://url.spec.whatwg.org/#concept-urlencoded-parser)
    up to percent-decoding, then each candidate's decoder in fatal mode
    (https://encoding.spec.whatwg.org/#concept-encoding-run) over every name and
    value. Candidates that name the same encoding count once, at the place of
    the first.

    This filters; it does not decide. Short fields are valid in several
    encodings at once: ASCII in all the ASCII-compatible ones, many two-byte
    sequences in both EUC-JP and Shift_JIS, and any bytes at all in
    windows-1252 and the other single-byte encodings, so list those last;
    ISO-2022-JP is 7-bit and so valid UTF-8 too, so list it before UTF-8.
    When the page can carry a hidden field, :func:`detect_probe_encoding` is
    the reliable way; when the browser fills in ``_charset_``, use
    ``charset_field="_charset_"``.

    :param data: the body or query: bytes (a str is UTF-8 encoded first).
    :param candidates: encoding labels or :class:`Encoding` objects, in order
        of preference.
    :param separator: as for :func:`urlencoded.parse`.
    :param max_fields: as for :func:`urlencoded.parse` (``None``: no limit).
    :param max_field_size: as for :func:`urlencoded.parse`.
    :param max_body_size: as for :func:`urlencoded.parse`.
    :returns: the candidates' encodings that decode every field, in the order given.
    :raises UnknownEncodingError: for an unknown label among *candidates*.
    :raises TypeError: for arguments of the wrong type.
    :raises ValueError: for a bad *separator* or a negative limit.
    :raises LimitExceeded: as for :func:`urlencoded.parse`, before any field is decoded.

    >>> guess_encoding(b"q=%93%FA%96%7B%8C%EA", ["utf-8", "euc-jp", "shift_jis"])
    [<Encoding 'Shift_JIS'>]
    >>> guess_encoding(b"q=%E0%A1%E0%A1", ["utf-8", "euc-jp", "shift_jis", "windows-1252"])
    [<Encoding 'EUC-JP'>, <Encoding 'Shift_JIS'>, <Encoding 'windows-1252'>]

    .. versionadded:: 1.1
    """
    encodings, fields = read_form(
        data, candidates, "guess_encoding", separator, max_fields, max_field_size, max_body_size
    )
    return [encoding for encoding in encodings if fields.text(encoding) is not None]


def read_form(
    data: object,
    candidates: Iterable[str | Encoding],
    caller: str,
    separator: object,
    max_fields: object,
    max_field_size: object,
    max_body_size: object,
    *,
    at_least_one: bool = False,
) -> tuple[list[Encoding], Fields]:
    """The arguments of the functions that read a form in candidate encodings, checked.

    In order: the candidates (*at_least_one*: a ValueError for none), the
    data, the options (as :func:`urlencoded.parse` checks them), then the
    limits over the whole input, before any field is decoded.
    """
    encodings = candidate_encodings(candidates)
    if at_least_one and not encodings:
        raise ValueError(f"{caller} needs at least one candidate encoding")
    body = as_bytes(data, caller)
    options = form_options(
        separator=separator,
        max_fields=max_fields,
        max_field_size=max_field_size,
        max_body_size=max_body_size,
    )
    body = unify_separators(body, options)
    if options.limits is not NO_LIMITS:
        # The limits count "&"-separated sequences: swap "&" with another separator.
        separator_byte = options.separator
        swapped = body.translate(bytes.maketrans(b"&" + separator_byte, separator_byte + b"&"))
        check_limits(swapped, options.limits)
    return encodings, Fields(body, options)


def candidate_encodings(candidates: Iterable[str | Encoding]) -> list[Encoding]:
    """The encodings of *candidates* (labels or Encoding objects), each once, in order.

    :raises TypeError: if *candidates* is a single label or Encoding.
    :raises UnknownEncodingError: for an unknown label.
    """
    if isinstance(candidates, (str, Encoding)):
        raise TypeError("candidates must be an iterable of labels or Encoding objects")
    encodings: list[Encoding] = []
    for candidate in candidates:
        encoding = get_encoding(candidate)
        if encoding not in encodings:
            encodings.append(encoding)
    return encodings


# The encodings whose decoders read every byte below 0x80 as the ASCII character,
# when none is ISO-2022-JP's SO, SI or ESC (the tests check each encoding).
# UTF-16 pairs bytes up, and replacement reads nothing.
_NOT_ASCII_READERS = frozenset(("UTF-16BE", "UTF-16LE", "replacement"))
_SHIFTS = b"\x0e\x0f\x1b"
# A byte that can follow each name and value when all are decoded at once: a
# control byte, which no multi-byte decoder takes as a trail byte (so a
# sequence cut at the end of a name or value is an error there, as it is at the
# end of the name or value alone) and ISO-2022-JP does not shift on.
_JOINERS = bytes(byte for byte in range(0x20) if byte not in _SHIFTS)
# Whole names and values are decoded this many bytes at a time, so that a
# decoder that meets an error or a disputed sequence re-reads little.
_CHUNK = 16 * 1024


def ascii_reader(encoding: Encoding) -> bool:
    """Whether *encoding* decodes ASCII bytes other than SO, SI and ESC to themselves."""
    return encoding.name not in _NOT_ASCII_READERS


class Fields:
    """The names and values of a form, percent-decoded, to decode in candidate encodings.

    https://url.spec.whatwg.org/#concept-urlencoded-parser up to the decode.
    Every name and value is decoded at once: percent-decoded with a joiner
    byte between sequences and another between a name and its value
    (:func:`joined`), each chunk of them run through the candidate's decoder
    in fatal mode. A joiner is a control byte that no name or value holds,
    so the decoder meets it between characters exactly when every name and
    value before it decodes on its own; a body that leaves no two such bytes
    free is decoded name by name. When no byte is above 0x7F (nor SO, SI or
    ESC), every encoding that reads ASCII as ASCII reads the same text,
    decoded once.
    """

    __slots__ = ("_decoded", "_joined", "_pairs", "_plain_text", "body", "options")

    def __init__(self, body: bytes, options: FormOptions) -> None:
        self.body = body
        self.options = options
        self._joined: tuple[bytes, str, str] | bool | None = False
        # Encoding -> the decoded names and values, joiners kept (None: one does not decode).
        self._decoded: dict[Encoding | None, str | None] = {}
        self._plain_text: str | None = None
        self._pairs: list[tuple[bytes, bytes]] | None = None

    def pairs(self) -> list[tuple[bytes, bytes]]:
        """The parser's percent-decoded ``(name, value)`` pairs (made once)."""
        if self._pairs is None:
            self._pairs = parse_region_bytes(self.body, self.options)
        return self._pairs

    def joined(self) -> tuple[bytes, str, str] | None:
        """Every name and value percent-decoded, joined, and the two joiners.

        The first joiner is between sequences (an empty one, which the parser
        skips, leaves two in a row), the second between a name and its value
        (a sequence without "=" has none). ``None`` if two joiner bytes are not
        free.
        """
        if self._joined is False:
            self._joined = _joined(self.body, self.options.separator)
        assert self._joined is not True
        return self._joined

    def plain(self) -> bool:
        """Whether no name or value holds a byte above 0x7F, or SO, SI or ESC."""
        joined = self.joined()
        if joined is None:
            return False
        data = joined[0]
        return data.isascii() and not any(byte in data for byte in _SHIFTS)

    def at_once(self, encoding: Encoding) -> bool:
        """Whether the names and values can be decoded at once with *encoding*.

        Not when two joiners are not free, for the encodings that do not read
        ASCII as ASCII, and for ISO-2022-JP when an ESC would carry its state
        from one name or value into the next.
        """
        joined = self.joined()
        return (
            joined is not None
            and ascii_reader(encoding)
            and (encoding.name != "ISO-2022-JP" or b"\x1b" not in joined[0])
        )

    def decoded(self, encoding: Encoding) -> str | None:
        """The joined names and values decoded with *encoding* in fatal mode, joiners kept.

        ``None`` when one does not decode, or when they cannot be decoded at
        once (:meth:`at_once`). Encodings that read ASCII as ASCII share one
        text for a plain form (the same object).
        """
        if not self.at_once(encoding):
            return None
        joined = self.joined()
        assert joined is not None
        data, between, _ = joined
        key = None if self.plain() else encoding
        if key in self._decoded:
            return self._decoded[key]
        if key is None:
            text: str | None = data.decode("ascii")
        else:
            pieces = []
            try:
                for chunk in _chunks(data, between.encode("ascii")):
                    pieces.append(decode(encoding, chunk, fatal=True))
                text = "".join(pieces)
            except UnicodeDecodeError:
                text = None
        self._decoded[key] = text
        return text

    def text(self, encoding: Encoding) -> str | None:
        """Every name and value decoded with *encoding* in fatal mode, apart by spaces.

        ``None`` when one does not decode. The rules read a run of spaces as
        one, so empty names and values (and empty sequences) change nothing.
        """
        if not self.at_once(encoding):
            return self._text_by_part(encoding)
        text = self.decoded(encoding)
        if text is None:
            return None
        if self.plain():
            if self._plain_text is None:
                self._plain_text = self._spaced(text)
            return self._plain_text
        return self._spaced(text)

    def _spaced(self, text: str) -> str:
        joined = self.joined()
        assert joined is not None
        _, between, within = joined
        return text.replace(between, " ").replace(within, " ")

    def field_texts(self, encoding: Encoding) -> list[tuple[str, str]] | None:
        """Each pair of :meth:`pairs` decoded with *encoding*, if the whole body decodes at once.

        ``None`` otherwise: then some name or value does not decode, or the
        body is decoded name by name.
        """
        joined = self.joined()
        text = self.decoded(encoding)
        if text is None:
            return None
        assert joined is not None
        _, between, within = joined
        texts = []
        for sequence in text.split(between):
            if sequence:
                name, _, value = sequence.partition(within)
                texts.append((name, value))
        return texts

    def _text_by_part(self, encoding: Encoding) -> str | None:
        texts = []
        try:
            for pair in self.pairs():
                for part in pair:
                    if part:
                        texts.append(decode(encoding, part, fatal=True))
        except UnicodeDecodeError:
            return None
        return " ".join(texts)


_KEEP_SEPARATOR_AND_EQUALS: dict[bytes, bytes] = {}


def _joined(body: bytes, separator: bytes) -> tuple[bytes, str, str] | None:
    """Every name and value of *body*, percent-decoded and joined; the two joiners.

    Steps 1 to 3 of the parser in bulk: the separator becomes the first
    joiner, the first "=" of each sequence the second, "+" a space (unless it
    separates), then one percent-decode. The joiners are the first two control
    bytes in no name or value.
    """
    delete = _KEEP_SEPARATOR_AND_EQUALS.get(separator)
    if delete is None:
        delete = bytes(byte for byte in range(256) if byte not in separator + b"=")
        _KEEP_SEPARATOR_AND_EQUALS[separator] = delete
    # Whether each sequence has at most one "=" (then every "=" ends a name).
    one_equals = b"==" not in body.translate(None, delete)
    free = [joiner for joiner in _JOINERS if joiner not in body]
    while len(free) >= 2:
        between, within = free[0], free[1]
        table = bytearray(range(256))
        if separator != b"+":
            table[0x2B] = 0x20
        table[separator[0]] = between
        if one_equals:
            table[0x3D] = within
        raw = body.translate(table)
        if not one_equals:
            raw = bytes([between]).join(
                sequence.replace(b"=", bytes([within]), 1)
                for sequence in raw.split(bytes([between]))
            )
        decoded = percent_decode_bytes(raw)
        # An escape such as %00 that gave a joiner takes it out of the running.
        taken = [
            joiner for joiner in (between, within) if decoded.count(joiner) != raw.count(joiner)
        ]
        if not taken:
            return decoded, chr(between), chr(within)
        free = [joiner for joiner in free if joiner not in taken]
    return None


def _chunks(data: bytes, joiner: bytes) -> Iterator[bytes]:
    """*data* in pieces of about :data:`_CHUNK` bytes, each but the last ending with *joiner*."""
    start = 0
    size = len(data)
    while start < size:
        end = data.find(joiner, start + _CHUNK) + 1 or size
        yield data[start:end]
        start = end

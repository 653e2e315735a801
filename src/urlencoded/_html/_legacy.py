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

The other legacy rules, ``_charset_`` and isindex, are keyword arguments of
:func:`urlencoded.parse`. UTF-8 is the only conforming choice for new forms
(https://url.spec.whatwg.org/#application/x-www-form-urlencoded); these are for
reading what old pages still send.
"""

from __future__ import annotations

from collections.abc import Iterable

from .._core import (
    PARSE_DEFAULTS,
    Separator,
    as_bytes,
    form_options,
    parse_region,
    parse_region_bytes,
)
from .._encoding import (
    Encoding,
    decode,
    encode_with_references,
    get_encoding,
    get_output_encoding,
)
from .._errors import ProbeError

__all__ = ["detect_probe_encoding", "guess_encoding", "parse_with_probe"]


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
    :returns: the candidates' encodings that decode every field, in the order given.
    :raises UnknownEncodingError: for an unknown label among *candidates*.
    :raises TypeError: for arguments of the wrong type.
    :raises ValueError: for a bad *separator*.

    >>> guess_encoding(b"q=%93%FA%96%7B%8C%EA", ["utf-8", "euc-jp", "shift_jis"])
    [<Encoding 'Shift_JIS'>]
    >>> guess_encoding(b"q=%E0%A1%E0%A1", ["utf-8", "euc-jp", "shift_jis", "windows-1252"])
    [<Encoding 'EUC-JP'>, <Encoding 'Shift_JIS'>, <Encoding 'windows-1252'>]

    .. versionadded:: 1.1
    """
    encodings = candidate_encodings(candidates)
    body = as_bytes(data, "guess_encoding")
    parts = {
        part
        for pair in parse_region_bytes(body, form_options(separator=separator))
        for part in pair
        if part
    }
    return [encoding for encoding in encodings if _decodes(encoding, parts)]


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


def _decodes(encoding: Encoding, parts: Iterable[bytes]) -> bool:
    try:
        for part in parts:
            decode(encoding, part, fatal=True)
    except UnicodeDecodeError:
        return False
    return True

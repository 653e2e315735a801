"""Choosing the most plausible encoding of a legacy form: detection by plausibility.

:func:`guess_encoding` keeps the candidates under which every field decodes;
this module chooses among them. Each candidate's decoded text gets a *cost*
by the rules of ``_plausibility`` (docs/encodings.rst shows an example of
each), and the cheapest candidate wins. The order the caller lists the
candidates in plays no part: ties go to UTF-8, then to the legacy multi-byte
encodings in the Encoding Standard's table order, then to the name that
sorts first.

The whole body is decoded once per candidate (``_legacy.Fields``: all names
and values at once), and once in all for the encodings that read ASCII as
ASCII when no byte is above 0x7F. :func:`rank_encodings` weighs every
candidate exactly, for its costs. :func:`detect_encoding` and
:func:`parse_mixed` (field by field, each distinct field once) only need the
cheapest: they weigh the readings from the one whose cost can be least (each
character at its least cost), sum the letters' part word by word within a
bound of the exact sum, sum it exactly only for readings too close to tell,
and weigh no further once the least any other reading could cost is above
the best. A field of ASCII alone reads the same in every encoding that reads
ASCII alike, and is not weighed at all.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import NamedTuple, TypeVar, cast

from .._core import Separator, parse_region
from .._encoding import UTF_8, Encoding, decode
from ._legacy import Fields, ascii_reader, read_form
from ._plausibility_cost import (
    Tally,
    cost_floor,
    cost_parts,
    field_cost,
    letters_cost,
    letters_estimate,
    tally_text,
    text_cost,
)

__all__ = ["Plausibility", "detect_encoding", "field_cost", "parse_mixed", "rank_encodings"]


class Plausibility(NamedTuple):
    """One candidate's standing: its encoding, its cost (lower is more plausible), and why."""

    encoding: Encoding
    cost: float
    reason: str


# The legacy multi-byte encodings in the order of the Encoding Standard's table.
_MULTI_BYTE = ("GBK", "gb18030", "Big5", "EUC-JP", "ISO-2022-JP", "Shift_JIS", "EUC-KR")


def _tie_order(encoding: Encoding) -> tuple[bool, int, str]:
    """UTF-8, the multi-byte encodings in the standard's order, the rest by name.

    Never the order the caller lists the candidates in.
    """
    name = encoding.name
    rank = _MULTI_BYTE.index(name) if name in _MULTI_BYTE else len(_MULTI_BYTE)
    return (encoding != UTF_8, rank, name)


def _rank_fields(fields: Fields, encodings: Iterable[Encoding]) -> list[Plausibility]:
    """Each candidate under which every name and value decodes, with its cost, cheapest first."""
    ranked = []
    # Encodings that read the same text (ASCII, read as ASCII) share its count.
    tallies: dict[int, tuple[str, Tally]] = {}
    for encoding in encodings:
        text = fields.text(encoding)
        if text is None:
            continue
        held = tallies.get(id(text))
        if held is None:
            held = tallies[id(text)] = (text, tally_text(text))
        cost, reason = text_cost(held[1], encoding)
        ranked.append(Plausibility(encoding, round(cost, 6), reason))
    ranked.sort(key=lambda entry: (entry.cost, _tie_order(entry.encoding)))
    return ranked


def rank_encodings(
    data: bytes | bytearray | memoryview | str,
    candidates: Iterable[str | Encoding],
    *,
    separator: Separator = "&",
    max_fields: int | None = None,
    max_field_size: int | None = None,
    max_body_size: int | None = None,
) -> list[Plausibility]:
    """The candidates under which every field decodes, most plausible first, each with why.

    The filter is :func:`guess_encoding`'s: the urlencoded parser
    (https://url.spec.whatwg.org/#concept-urlencoded-parser) up to
    percent-decoding, then each candidate's decoder in fatal mode
    (https://encoding.spec.whatwg.org/#decode) over every name and value. Each
    candidate that passes gets the cost of its decoded text (see the module's
    rules; lower is more plausible) and a one-line reason; ties go to UTF-8,
    then to the encoding whose name sorts first.

    :raises UnknownEncodingError: for an unknown label among *candidates*.
    :raises TypeError: for arguments of the wrong type.
    :raises ValueError: for a bad *separator* or a negative limit.
    :raises LimitExceeded: as for :func:`urlencoded.parse`, before any field is decoded.
    """
    encodings, fields = read_form(
        data, candidates, "rank_encodings", separator, max_fields, max_field_size, max_body_size
    )
    return _rank_fields(fields, encodings)


def detect_encoding(
    data: bytes | bytearray | memoryview | str,
    candidates: Iterable[str | Encoding],
    *,
    separator: Separator = "&",
    max_fields: int | None = None,
    max_field_size: int | None = None,
    max_body_size: int | None = None,
) -> Encoding | None:
    """The most plausible candidate encoding of a form whose encoding is not known.

    Among the candidates under which every name and value decodes (those
    :func:`guess_encoding` returns), the one whose decoded text is the most
    plausible, whatever the order the candidates are listed in. Plausibility
    is this library's own, small set of rules, documented with an example of
    each in :doc:`encodings` ("Detecting the encoding"): which scripts and
    which parts of each national character set the text falls in, what a wrong
    decoder typically makes (control and private-use characters, halfwidth
    katakana, box drawing, symbols inside words, capitals after small letters),
    and how well the letters fit one language. Short fields can be plausible
    text in two encodings; detection then picks one, and a probe field
    (:func:`detect_probe_encoding`) or ``_charset_`` is the reliable way.

    It takes linear time, about a second per 10 MB or less with five
    candidates. The limits are those of :func:`urlencoded.parse` (none by
    default): pass them for untrusted input.

    :param data: the body or query: bytes (a str is UTF-8 encoded first).
    :param candidates: encoding labels or :class:`Encoding` objects.
    :param separator: as for :func:`urlencoded.parse`.
    :param max_fields: as for :func:`urlencoded.parse` (``None``: no limit).
    :param max_field_size: as for :func:`urlencoded.parse`.
    :param max_body_size: as for :func:`urlencoded.parse`.
    :returns: the most plausible candidate, or ``None`` when none decodes every
        field (or there are none).
    :raises UnknownEncodingError: for an unknown label among *candidates*.
    :raises TypeError: for arguments of the wrong type.
    :raises ValueError: for a bad *separator* or a negative limit.
    :raises LimitExceeded: a :class:`TooManyFields`, :class:`FieldTooLarge` or
        :class:`BodyTooLarge`, as for :func:`urlencoded.parse`, before any
        field is decoded.

    >>> detect_encoding(b"q=%C6%FC%CB%DC%B8%EC", ["shift_jis", "euc-jp", "utf-8"])
    <Encoding 'EUC-JP'>
    >>> detect_encoding(b"q=%93%FA", ["utf-8", "euc-jp"]) is None
    True

    .. versionadded:: 1.1
    """
    encodings, fields = read_form(
        data, candidates, "detect_encoding", separator, max_fields, max_field_size, max_body_size
    )
    readings = []
    for encoding in encodings:
        text = fields.text(encoding)
        if text is not None:
            readings.append(_Reading(encoding, (text,)))
    if len(readings) < 2:
        return readings[0].encoding if readings else None
    # Encodings that read the same text (ASCII, read as ASCII) share its count.
    tallies: dict[int, Tally] = {}

    def tally_of(reading: _Reading) -> Tally:
        (text,) = reading.texts
        tally = tallies.get(id(text))
        if tally is None:
            tally = tallies[id(text)] = tally_text(text)
        return tally

    ties = {reading.encoding: _tie_order(reading.encoding) for reading in readings}
    return _cheapest(readings, ties, tally_of).encoding


def parse_mixed(
    data: bytes | bytearray | memoryview | str,
    candidates: Iterable[str | Encoding],
    *,
    separator: Separator = "&",
    max_fields: int | None = None,
    max_field_size: int | None = None,
    max_body_size: int | None = None,
) -> list[tuple[str, str, Encoding]]:
    """Parse a form whose fields may each be in a different encoding.

    Runs the urlencoded parser
    (https://url.spec.whatwg.org/#concept-urlencoded-parser) and decodes each
    field, its name and value judged together, with its own most plausible
    candidate, by the rules of :func:`detect_encoding`: the candidates under
    which both decode without error, the least costly first. Ties between
    equally plausible readings of a field go to the candidate most plausible
    for the whole body. A field that no candidate decodes is decoded in
    replacement mode (https://encoding.spec.whatwg.org/#decode) with the
    candidate that replaces the fewest bytes.

    Each field is judged on its own even when one candidate decodes the whole
    body: EUC-JP bytes, for one, nearly always decode as Shift_JIS too (as
    halfwidth katakana), so a body with a Shift_JIS field and an EUC-JP one
    decodes only in Shift_JIS, and reading it all so would garble the EUC-JP
    field. Where no other candidate reads any field differently, the result
    is that of :func:`urlencoded.parse` with the one candidate.

    It takes linear time, as :func:`detect_encoding` does; the limits are
    those of :func:`urlencoded.parse` (none by default).

    :param data: the body or query: bytes (a str is UTF-8 encoded first).
    :param candidates: encoding labels or :class:`Encoding` objects (at least one).
    :param separator: as for :func:`urlencoded.parse`.
    :param max_fields: as for :func:`urlencoded.parse` (``None``: no limit).
    :param max_field_size: as for :func:`urlencoded.parse`.
    :param max_body_size: as for :func:`urlencoded.parse`.
    :returns: ``(name, value, encoding)`` for each field, in order.
    :raises UnknownEncodingError: for an unknown label among *candidates*.
    :raises TypeError: for arguments of the wrong type.
    :raises ValueError: for empty *candidates*, a bad *separator* or a negative limit.
    :raises LimitExceeded: as for :func:`detect_encoding`.

    >>> parse_mixed(b"name=%93%FA%96%7B&city=%C5%EC%B5%FE", ["shift_jis", "euc-jp"])
    [('name', '日本', <Encoding 'Shift_JIS'>), ('city', '東京', <Encoding 'EUC-JP'>)]

    .. versionadded:: 1.1
    """
    encodings, fields = read_form(
        data,
        candidates,
        "parse_mixed",
        separator,
        max_fields,
        max_field_size,
        max_body_size,
        at_least_one=True,
    )
    # The whole body's ranking breaks ties between equally plausible fields.
    whole = _rank_fields(fields, encodings)
    order = {entry.encoding: index for index, entry in enumerate(whole)}

    def tie_order(encoding: Encoding) -> tuple[int, tuple[bool, int, str]]:
        return (order.get(encoding, len(order)), _tie_order(encoding))

    if fields.plain() and all(map(ascii_reader, encodings)):
        # Every candidate reads every field alike: the first in the order wins them all.
        winner = min(encodings, key=tie_order)
        decoded = parse_region(fields.body, 0, UTF_8, fields.options, first=True)
        # In place, so that each pair is let go as its triple is made.
        triples = cast("list[tuple[str, str, Encoding]]", decoded)
        for index, (name, value) in enumerate(decoded):
            triples[index] = (name, value, winner)
        return triples
    judge = _FieldJudge(encodings, tie_order)
    pairs = fields.pairs()
    # The fields as each candidate that decodes the whole body at once reads them.
    read = [fields.field_texts(encoding) for encoding in encodings]
    assert all(texts is None or len(texts) == len(pairs) for texts in read)
    results = []
    judged: dict[tuple[bytes, bytes], tuple[str, str, Encoding]] = {}
    for index, pair in enumerate(pairs):
        result = judged.get(pair)
        if result is None:
            known = [None if texts is None else texts[index] for texts in read]
            result = judged[pair] = judge(pair[0], pair[1], known)
        results.append(result)
    return results


class _Reading(NamedTuple):
    """The texts one candidate decodes a field (its name and value) or a body to."""

    encoding: Encoding
    texts: tuple[str, ...]


_Tie = TypeVar("_Tie", bound=tuple[object, ...])


class _Weighed(NamedTuple):
    """A reading, weighed: its cost with the letters' part estimated, and the parts."""

    cost: float
    error: float  # how far the estimated cost may be from the exact one
    tie: tuple[object, ...]
    reading: _Reading
    tally: Tally
    base: float
    scripts: float


def _cheapest(
    readings: list[_Reading],
    ties: Mapping[Encoding, _Tie],
    tally_of: Callable[[_Reading], Tally],
) -> _Reading:
    """The reading of least cost (rounded as the ranking rounds it), ties by *ties*.

    Readings are weighed from the one whose cost can be least (each
    character at its least cost, :func:`cost_floor`). The letters' part is
    first summed word by word (:func:`letters_estimate`), which may be off in
    the last bits, within a known bound: a reading whose cost is surely more
    than 1e-6 above another's cannot win (they round apart), and only
    readings too close to tell get their exact cost.
    """
    floors = sorted(
        (
            sum(cost_floor(text, reading.encoding) for text in reading.texts),
            ties[reading.encoding],
            index,
        )
        for index, reading in enumerate(readings)
    )
    weighed: list[_Weighed] = []
    # The least cost any reading weighed so far surely stays under.
    ceiling = math.inf
    for floor, tie, index in floors:
        # Surely above the ceiling by more than 1e-6: neither this nor any later wins.
        if floor - _MARGIN > ceiling:
            break
        reading = readings[index]
        tally = tally_of(reading)
        base, scripts = cost_parts(tally, reading.encoding)
        if base + scripts > ceiling + _APART:
            continue
        letters, error = letters_estimate(tally, sum(map(len, reading.texts)))
        cost = (base + letters) + scripts
        error += 4 * _ULP * (1.0 + cost)
        ceiling = min(ceiling, cost + error)
        weighed.append(_Weighed(cost, error, tie, reading, tally, base, scripts))
    best = min(weighed, key=lambda entry: (entry.cost, entry.tie))
    close = [
        entry for entry in weighed if entry.cost - entry.error <= best.cost + best.error + _APART
    ]
    if len(close) > 1:
        # Too close to tell: the exact costs, as the ranking rounds them.
        best = min(
            close,
            key=lambda entry: (
                round((entry.base + letters_cost(entry.tally)) + entry.scripts, 6),
                entry.tie,
            ),
        )
    return best.reading


class _FieldJudge:
    """The reading of one field that :func:`parse_mixed` takes, as a callable."""

    def __init__(
        self,
        encodings: list[Encoding],
        tie_order: Callable[[Encoding], tuple[int, tuple[bool, int, str]]],
    ) -> None:
        self.encodings = encodings
        self.ties = {encoding: tie_order(encoding) for encoding in encodings}
        self.reads_ascii = [ascii_reader(encoding) for encoding in encodings]
        # When every candidate reads ASCII as ASCII, the first of them takes plain fields.
        self.plain_winner = (
            min(encodings, key=self.ties.__getitem__) if all(self.reads_ascii) else None
        )
        # Plain names (read alike by every reader), counted once each.
        self.names: dict[str, Tally] = {}

    def __call__(
        self, name: bytes, value: bytes, known: list[tuple[str, str] | None]
    ) -> tuple[str, str, Encoding]:
        """The field's reading; ``known[i]`` is it as candidate *i* decoded it, if it did."""
        plain_name = name.decode("ascii") if _plain(name) else None
        winner = self.plain_winner
        if winner is not None and plain_name is not None and _plain(value):
            return plain_name, value.decode("ascii"), winner
        readings = []
        for encoding, texts, reads_ascii in zip(self.encodings, known, self.reads_ascii):
            if texts is not None:
                readings.append((encoding, *texts))
                continue
            try:
                if plain_name is not None and reads_ascii:
                    name_text = plain_name
                else:
                    name_text = decode(encoding, name, fatal=True)
                readings.append((encoding, name_text, decode(encoding, value, fatal=True)))
            except UnicodeDecodeError:
                continue
        if not readings:
            return self._replaced(name, value)
        if len(readings) == 1:
            encoding, name_text, value_text = readings[0]
            return name_text, value_text, encoding
        return self._cheapest(readings)

    def _tally(self, name_text: str, value_text: str) -> Tally:
        """The tally of the field's name, then its value."""
        tally = self.names.get(name_text)
        if tally is None:
            tally = self.names[name_text] = tally_text(name_text)
        tally = tally.copy()
        tally_text(value_text, tally)
        return tally

    def _cheapest(self, readings: list[tuple[Encoding, str, str]]) -> tuple[str, str, Encoding]:
        """The reading of least cost (rounded as the ranking rounds it), ties by the order."""
        best = _cheapest(
            [
                _Reading(encoding, (name_text, value_text))
                for encoding, name_text, value_text in readings
            ],
            self.ties,
            lambda reading: self._tally(*reading.texts),
        )
        return best.texts[0], best.texts[1], best.encoding

    def _replaced(self, name: bytes, value: bytes) -> tuple[str, str, Encoding]:
        """A field no candidate decodes: replacement mode, with the fewest U+FFFD."""
        encoding = min(
            self.encodings,
            key=lambda e: ((decode(e, name) + decode(e, value)).count("\ufffd"), self.ties[e]),
        )
        return decode(encoding, name), decode(encoding, value), encoding


# Far above the rounding of the floor's sum of letter costs, far below any cost.
_MARGIN = 1e-3
# Costs further apart than this round apart (the ranking rounds them to 1e-6).
_APART = 1e-6
_ULP = 2.0**-52


def _plain(part: bytes) -> bool:
    """Whether every encoding that reads ASCII reads *part* alike (see ``_legacy``).

    No byte above 0x7F, and none of ISO-2022-JP's SO, SI and ESC.
    """
    return part.isascii() and b"\x1b" not in part and b"\x0e" not in part and b"\x0f" not in part

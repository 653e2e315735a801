"""``parse --lines --guess-encoding``: each line's encoding, as :func:`urlencoded.detect_encoding`
chooses it for that line.

Each line is read in the candidate detection chooses for it, so that the
choice is the most plausible candidate that decodes every field, whatever
the order the candidates were given in. A line whose names and values are
ASCII once percent-decoded reads the same in every candidate that decodes
ASCII as ASCII, so detection would take the one that ties go to: it is
known before the first line, and such lines (most of a log) are not weighed
at all. A line that no candidate decodes is read in the one that replaces
the fewest bytes, ties again broken as detection breaks them.

Lines repeat in a log: a choice is kept for the line's bytes, where a value
of ASCII digits alone counts as ``0`` (``page=2`` and ``page=17`` add the same to
every reading's cost: digits are neither letters nor anything a reading
tells apart), so that most lines reuse the choice of an earlier one.

A *close call* is a line whose runner-up reads it differently and is less
than ten times less plausible than the choice (its cost less than ln 10
higher, in detection's ranking): the summary counts them, as the lines to
look at first. They are weighed only when the summary is shown.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence

from ..._encoding import Encoding
from ..._errors import URLEncodedError

__all__ = ["CLOSE_CALL", "ENCODING_SENSITIVE", "Guesser"]

# Bytes that may decode differently from one candidate to another, raw or
# percent-encoded: above 0x7F, and ISO-2022-JP's shifts and escape (SO, SI, ESC).
ENCODING_SENSITIVE = re.compile(
    rb"[\x80-\xff\x0e\x0f\x1b]|%(?:[89A-Fa-f][0-9A-Fa-f]|0[EeFf]|1[Bb])"
)
#: How much costlier (in nats) the runner-up may be for the choice to be a close call.
CLOSE_CALL = math.log(10)
# The encodings that do not decode ASCII as ASCII.
_NOT_ASCII = frozenset({"UTF-16BE", "UTF-16LE", "replacement"})

# A line's pairs in one encoding (in replacement mode), for comparing readings.
Parse = Callable[[bytes, Encoding], Sequence[tuple[str, str]]]
# The choices kept at most (then forgotten all at once, so that memory stays bounded).
_MAX_KNOWN = 1 << 16
_DIGITS = re.compile(rb"[0-9]+")


class Guesser:
    """The encoding of each line among *encodings*, and whether it was a close call."""

    def __init__(self, encodings: Sequence[Encoding], separator: str | tuple[str, ...]) -> None:
        from ..._html import detect_encoding, rank_encodings  # costly: only when guessing

        self.detect = detect_encoding
        self.rank = rank_encodings
        self.separator = separator
        joints = re.escape("".join(separator).encode("ascii"))
        # A value of ASCII digits alone ('=' and the digits up to a separator or the end).
        self.numbers = re.compile(b"=[0-9]+(?=[" + joints + rb"]|\Z)")
        # With no field to read, every candidate ties: this is the order ties go in.
        self.tie_order = [entry.encoding for entry in self.rank(b"", encodings)]
        every_ascii = not any(encoding.name in _NOT_ASCII for encoding in encodings)
        #: What detection takes for a line that is ASCII once decoded (None: weigh each line).
        self.ascii_choice = self.tie_order[0] if every_ascii else None
        # Key -> (the choice, whether it was a close call; None: not weighed).
        self.known: dict[object, tuple[Encoding, bool | None]] = {}

    def choose(self, query: bytes, parse: Parse, close_calls: bool) -> tuple[Encoding, bool]:
        """The encoding of *query*, and (with *close_calls*) whether it was a close call."""
        if self.ascii_choice is not None and ENCODING_SENSITIVE.search(query) is None:
            return self.ascii_choice, False
        key = query if self.ascii_choice is None else self._key(query)
        known = self.known.get(key)
        if known is None or (close_calls and known[1] is None):
            known = self._decide(query, parse, close_calls)
            if len(self.known) >= _MAX_KNOWN:
                self.known.clear()
            self.known[key] = known
        return known[0], bool(known[1])

    def _key(self, query: bytes) -> bytes:
        """*query*, each value of ASCII digits alone as ``0``."""
        return self.numbers.sub(b"=0", query)

    def _decide(
        self, query: bytes, parse: Parse, close_calls: bool
    ) -> tuple[Encoding, bool | None]:
        try:
            chosen = self.detect(query, self.tie_order, separator=self.separator)
        except (URLEncodedError, ValueError):  # a limit: the parse reports it
            chosen = None
        if chosen is None:
            return self._fewest_replacements(query, parse), False
        if not close_calls:
            return chosen, None
        ranking = self.rank(query, self.tie_order, separator=self.separator)
        costs = {entry.encoding: entry.cost for entry in ranking}
        others = [entry for entry in ranking if entry.encoding != chosen]
        if chosen not in costs or not others or others[0].cost - costs[chosen] >= CLOSE_CALL:
            return chosen, False
        # Two readings of the same text (single-byte encodings that agree) are no call.
        runner_up = others[0].encoding
        return chosen, list(parse(query, chosen)) != list(parse(query, runner_up))

    def _fewest_replacements(self, query: bytes, parse: Parse) -> Encoding:
        def replaced(encoding: Encoding) -> int:
            return sum(
                name.count("\ufffd") + value.count("\ufffd")
                for name, value in parse(query, encoding)
            )

        try:
            return min(self.tie_order, key=replaced)  # min keeps the first of equals
        except (URLEncodedError, ValueError):
            return self.tie_order[0]

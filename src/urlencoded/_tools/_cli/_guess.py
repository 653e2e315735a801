"""``parse --lines --guess-encoding``: each line's encoding, as :func:`urlencoded.detect_encoding`
chooses it for that line.

Each line is ranked on its own, as detection ranks the candidates (the
ranking ``explain --guess-encoding`` shows), so that the choice is the most
plausible candidate that decodes every field, whatever the order the
candidates were given in. A line whose names and
values are ASCII once percent-decoded reads the same in every candidate
that decodes ASCII as ASCII, so detection would take the one that ties go
to: it is known before the first line, and such lines (most of a log) are
not ranked at all. A line that no candidate decodes is read in the one
that replaces the fewest bytes, ties again broken as detection breaks them.

A *close call* is a line whose runner-up reads it differently and is less
than ten times less plausible than the choice (its cost less than ln 10
higher): the summary counts them, as the lines to look at first.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..._encoding import Encoding
from ..._errors import URLEncodedError

if TYPE_CHECKING:
    from ..._html import Plausibility

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


class Guesser:
    """The encoding of each line among *encodings*, and whether it was a close call."""

    def __init__(self, encodings: Sequence[Encoding], separator: str | tuple[str, ...]) -> None:
        from ..._html import rank_encodings  # costly to load: only when guessing

        self.rank = rank_encodings
        self.separator = separator
        # With no field to read, every candidate ties: this is the order ties go in.
        self.tie_order = [entry.encoding for entry in self.rank(b"", encodings)]
        every_ascii = not any(encoding.name in _NOT_ASCII for encoding in encodings)
        #: What detection takes for a line that is ASCII once decoded (None: rank each line).
        self.ascii_choice = self.tie_order[0] if every_ascii else None

    def choose(self, query: bytes, parse: Parse) -> tuple[Encoding, bool]:
        """The encoding of *query*, and whether it was a close call."""
        if self.ascii_choice is not None and ENCODING_SENSITIVE.search(query) is None:
            return self.ascii_choice, False
        try:
            ranking = self.rank(query, self.tie_order, separator=self.separator)
        except (URLEncodedError, ValueError):  # a limit: the parse reports it
            ranking = []
        if not ranking:
            return self._fewest_replacements(query, parse), False
        return ranking[0].encoding, self._close(query, ranking, parse)

    def _close(self, query: bytes, ranking: list[Plausibility], parse: Parse) -> bool:
        if len(ranking) < 2 or ranking[1].cost - ranking[0].cost >= CLOSE_CALL:
            return False
        # Two readings of the same text (single-byte encodings that agree) are no call.
        return list(parse(query, ranking[0].encoding)) != list(parse(query, ranking[1].encoding))

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

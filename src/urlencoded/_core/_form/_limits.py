"""The limits on a whole input: fields, field size and body size.

The URL Standard's parser (https://url.spec.whatwg.org/#concept-urlencoded-parser)
sets no limits; these count its raw input as step 1 splits it on "&", and
are checked before any field is decoded. In strict mode a bad field that was
complete before the limit is crossed raises first, as the streaming parser
meets them in input order.
"""

from __future__ import annotations

import re

from ..._encoding import Encoding
from ..._errors import BodyTooLarge, FieldTooLarge, TooManyFields
from .._options import Limits
from ._fields import _parse_fields, charset_field_encoding

_NON_EMPTY_SEQUENCE = re.compile(rb"[^&]+")


def field_size_excess(equals: int, max_field_size: int) -> int:
    """The index in a sequence of the byte that takes its size past *max_field_size*.

    The size is the name plus the value, so the first "=" (at index *equals*,
    or -1 for none) does not count when it comes before that byte.
    """
    return max_field_size + (0 <= equals <= max_field_size)


def check_limits(body: bytes, limits: Limits) -> None:
    """Raise the first limit that a scan of *body* from its start would hit.

    The limits count raw input: ``max_body_size`` its bytes, ``max_fields``
    its non-empty ``&``-separated sequences, ``max_field_size`` the bytes of
    one sequence's name plus value (not counting the first ``=``). The
    exception's offset is where a byte-by-byte scan would notice.
    """
    max_fields = limits.max_fields
    max_field_size = limits.max_field_size
    max_body_size = limits.max_body_size
    # Cheap upper bounds first; the exact scan runs only when one may be hit.
    body_over = max_body_size is not None and len(body) > max_body_size
    fields_may_hit = max_fields is not None and body.count(b"&") + 1 > max_fields
    size_may_hit = (
        max_field_size is not None
        and len(body) > max_field_size
        and max(map(len, body.split(b"&"))) > max_field_size
    )
    # A byte-by-byte scan notices the body limit on reading byte max_body_size.
    body_hit_at = max_body_size if body_over and max_body_size is not None else len(body) + 1
    if fields_may_hit or size_may_hit:
        for count, match in enumerate(_NON_EMPTY_SEQUENCE.finditer(body), start=1):
            start = match.start()
            if start >= body_hit_at:
                break
            if max_fields is not None and count > max_fields:
                raise TooManyFields("max_fields", max_fields, start, f"field {count} starts here")
            if max_field_size is not None:
                sequence = match.group()
                equals = sequence.find(b"=")
                over = field_size_excess(equals, max_field_size)
                if over < len(sequence) and start + over < body_hit_at:
                    raise FieldTooLarge(
                        "max_field_size",
                        max_field_size,
                        start + over,
                        f"field {count} starting at byte {start} is longer",
                    )
    if body_over and max_body_size is not None:
        raise BodyTooLarge(
            "max_body_size", max_body_size, max_body_size, f"the input is {len(body)} bytes"
        )


def _check_before(
    body: bytes, sep: bytes, offset: int, encoding: Encoding, field: bytes | None
) -> None:
    """Strict mode: raise the DecodeError of a field completed before input *offset*.

    Errors are reported in input order, as the streaming parser meets them:
    a field is judged once the separator after it is read, and under the
    charset rule once the charset field is. A limit crossed at *offset*
    loses to a bad field that was complete (and decidable) before it.
    """
    end = body.rfind(sep, 0, offset)
    if end == -1:
        return
    if field is not None:
        found = charset_field_encoding(body[:end], sep, field)
        if found is None:
            return  # the held fields would still wait for the charset field
        encoding = found
    _parse_fields(encoding, True, sep, 0, body[:end], 0)

"""The parser without the decode: percent-decoded ``(bytes, bytes)`` pairs.

https://url.spec.whatwg.org/#concept-urlencoded-parser, steps 1-4 and the
percent-decoding of step 5, leaving names and values as bytes.
"""

from __future__ import annotations

from functools import partial, update_wrapper
from typing import TYPE_CHECKING

from .._bulk import parse_bytes_whole
from .._infra import BytesLike, as_bytes
from .._options import NO_LIMITS, FormOptions, Separator, form_options, unify_separators
from .._short import SHORT, parse_short_bytes
from ._fields import _apply_separator, _isindex_first, _separated, _split_fields
from ._limits import check_limits


def parse_bytes(
    data: BytesLike | str,
    *,
    isindex: bool = False,
    separator: Separator = "&",
    max_fields: int | None = None,
    max_field_size: int | None = None,
    max_body_size: int | None = None,
) -> list[tuple[bytes, bytes]]:
    """Parse into percent-decoded ``(bytes, bytes)`` pairs, decoding no text.

    https://url.spec.whatwg.org/#concept-urlencoded-parser, steps 1-4 and the
    percent-decoding of step 5, without the UTF-8 decode. For binary values
    such as a BitTorrent tracker's ``info_hash``, and for callers that choose
    the encoding themselves.

    :param data: bytes-like or str (UTF-8 encoded first).
    :param isindex: as for :func:`parse`.
    :param separator: as for :func:`parse`: the byte that separates fields,
        or a tuple of them.
    :returns: a list of ``(name, value)`` bytes tuples.
    :raises TypeError: if *data* is not bytes or str.
    :raises ValueError: for a bad *separator* or a negative limit.
    :raises LimitExceeded: as for :func:`parse`.

    >>> parse_bytes(b"info_hash=%12%34V%78+x&a")
    [(b'info_hash', b'\\x124Vx x'), (b'a', b'')]

    .. versionadded:: 1.0
    .. versionchanged:: 1.1
       *separator*.
    """
    if (
        not isindex
        and separator == "&"
        and max_fields is None
        and max_field_size is None
        and max_body_size is None
    ):
        return parse_bytes_default(data)
    body = as_bytes(data, "parse_bytes")
    options = form_options(
        isindex=isindex,
        separator=separator,
        max_fields=max_fields,
        max_field_size=max_field_size,
        max_body_size=max_body_size,
    )
    body = unify_separators(body, options)
    if options.limits is not NO_LIMITS:
        check_limits(_apply_separator(body, options.separator)[2], options.limits)
    return parse_region_bytes(body, options)


def parse_bytes_default(data: BytesLike | str) -> list[tuple[bytes, bytes]]:
    """:func:`parse_bytes` with every option at its default.

    :raises TypeError: if *data* is not bytes or str.
    """
    body = data if type(data) is bytes else as_bytes(data, "parse_bytes")
    if len(body) <= SHORT:
        pairs = parse_short_bytes(body)
        if pairs is not None:
            return pairs
    return parse_bytes_whole(body, _SPLIT_FIELDS_BYTES)


# A keyword-only parameter left out costs CPython a dict lookup per call: the
# call without options, the common one, takes none (as parse does).
_parse_bytes_with_options = parse_bytes

if not TYPE_CHECKING:

    def parse_bytes(data, **options):
        if options:
            return _parse_bytes_with_options(data, **options)
        return parse_bytes_default(data)

    update_wrapper(parse_bytes, _parse_bytes_with_options)


def parse_region_bytes(region: bytes, options: FormOptions) -> list[tuple[bytes, bytes]]:
    """:func:`parse_region` without the decode: percent-decoded ``(bytes, bytes)`` pairs.

    Nothing is validated and no limit is checked; the isindex rule applies.
    """
    body, sep = _separated(unify_separators(region, options), options.separator)
    pairs = parse_bytes_whole(body, partial(_split_fields_bytes, sep), sep)
    if options.isindex and pairs and _isindex_first(body, sep):
        pairs[0] = (b"", pairs[0][0])
    return pairs


def _split_fields_bytes(separator: bytes, block: bytes) -> list[tuple[bytes, bytes]]:
    """The parser's percent-decoded pairs of *block*, field by field."""
    return [(name, value) for name, value, _, _ in _split_fields(block, separator)]


_SPLIT_FIELDS_BYTES = partial(_split_fields_bytes, b"&")

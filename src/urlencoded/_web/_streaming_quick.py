"""What :class:`~urlencoded._web._streaming.IncrementalParser`'s quick path reads of its options.

A parser's first chunk, when short, can be parsed at once, as
:func:`urlencoded.parse` would parse it: :func:`quick_bound` says how long
it may be for no limit to be crossed in it, :func:`plain_ascii` whether a
short ASCII sequence without "%" splits as it is. A parser made with only
an encoding and limits keeps these answers in :data:`COMMON_PROFILES`.
"""

from __future__ import annotations

from typing import Optional

from .._core import FormOptions
from .._encoding import UTF_8, Encoding

__all__ = [
    "COMMON_PROFILES",
    "NOT_PLAIN",
    "PLAIN",
    "PLAIN_IF_PRINTABLE",
    "QUICK_MAX",
    "Profile",
    "plain_ascii",
    "quick_bound",
]

# Encodings in which ASCII bytes without "%" may not decode as themselves.
_NOT_PLAIN_ASCII = ("UTF-16BE", "UTF-16LE", "replacement")
# plain_ascii's answers.
NOT_PLAIN = 0
PLAIN = 1
PLAIN_IF_PRINTABLE = 2

# What the quick path reads of a parser's options: (options, the encoding,
# quick_bound, plain_ascii, the separator table, the separator).
Profile = tuple[FormOptions, Encoding, int, int, Optional[bytes], bytes]

# The profiles of the parsers made so far with only an encoding and limits
# (ints or None, so that equal keys are equal options), validated.
COMMON_PROFILES: dict[tuple[object, ...], Profile] = {}


#: The longest first chunk parsed at once: the reach of the core parser's short
#: path; longer ones gain nothing from skipping the byte bookkeeping.
QUICK_MAX = 256


def quick_bound(options: FormOptions) -> int:
    """The longest first chunk that can cross no limit, up to :data:`QUICK_MAX`; -1 for none.

    Such a chunk (after an empty body, under no charset rule) can be parsed
    whole at once, its byte bookkeeping left until another chunk arrives:
    nothing in it can raise a :class:`LimitExceeded`.
    """
    if options.charset_field is not None:
        return -1
    limits = options.limits
    bound = QUICK_MAX
    if limits.max_field_size is not None:
        # A field's size is at most the chunk's length.
        bound = min(bound, limits.max_field_size)
    if limits.max_body_size is not None:
        bound = min(bound, limits.max_body_size)
    if limits.max_fields is not None:
        # n bytes hold at most (n + 1) // 2 non-empty fields.
        bound = min(bound, 2 * limits.max_fields)
    return bound


def plain_ascii(options: FormOptions, encoding: Encoding) -> int:
    """Whether a short ASCII sequence without "%" is split as it is (steps 3.2-3.4).

    As ``parse_region`` decides: "&" separates, no isindex rule, and ASCII
    decodes as itself (a legacy encoding only in replace mode; ISO-2022-JP
    only where it is printable: ESC, SO and SI switch its state).
    """
    if options.separator != b"&" or options.isindex:
        return NOT_PLAIN
    if encoding is UTF_8:
        return PLAIN
    if options.strict or encoding.name in _NOT_PLAIN_ASCII:
        return NOT_PLAIN
    return PLAIN_IF_PRINTABLE if encoding.name == "ISO-2022-JP" else PLAIN

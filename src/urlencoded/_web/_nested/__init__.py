"""Nested names: ``a[b][0]=x`` to and from dicts and lists.

The URL Standard stops at a list of (name, value) pairs
(https://url.spec.whatwg.org/#concept-urlencoded-parser). Many servers and
APIs read more into the names: PHP, Rack and Node's ``qs`` build dicts and
lists from bracketed names, and Stripe, Rails and Micropub ask clients to
write them. This module does that on top of the pairs, and nothing in
:func:`urlencoded.parse` changes.

A name is read with one small grammar::

    bracketed-name = base 1*( "[" segment "]" )
    base           = 1*( any character but "[" )
    segment        = *( any character but "[" and "]" )

A segment ``0`` or ``[1-9][0-9]*`` (ASCII digits) is a list index, an empty
segment appends to a list, any other segment is a dict key. A name with no
complete ``[...]`` group (``a``, ``a[b``, ``a]b[``) is an ordinary key, as
written. A name that has one but is not a bracketed-name (``a[b]c``,
``[a]``, ``a[[b]]``) raises :class:`NestingError`: libraries disagree on what
it means, and guessing would be a silent rewrite.

The other libraries' denial-of-service bugs came from structures whose size
is not bounded by the input's (a sparse index allocating a huge array), from
recursion (deep names), and from limits that one notation bypassed. Here
every list is dense, so its length is bounded by the number of fields; the
build is a loop with no recursion; and the three limits (depth, list index,
entries) apply to every notation and raise instead of truncating. The cost is
linear in the input: each name is scanned a constant number of times, and
lists are built from index maps in one pass at the end.

- ``_grammar``: the name grammar and the types of nested values.
- ``_read``: ``parse_nested``, and ``Nesting``, which builds the structure
  from pairs already parsed (for request bodies read as they arrive).
- ``_write``: ``serialize_nested``.
"""

from __future__ import annotations

from ._grammar import Duplicates, ListFormat, NestedInput, NestedValue, split_name
from ._read import Nesting, parse_nested
from ._write import serialize_nested

__all__ = [
    "Duplicates",
    "ListFormat",
    "NestedInput",
    "NestedValue",
    "Nesting",
    "parse_nested",
    "serialize_nested",
    "split_name",
]

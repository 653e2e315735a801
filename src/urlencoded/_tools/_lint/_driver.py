"""Lint's driver: every check run over one input, their findings merged in order.

Each check yields its findings in offset order, and :func:`iter_lint` merges
them as they come, so that a caller can print findings while the rest of the
input is being checked, and memory does not grow with their number.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator

from ..._core import BytesLike, as_bytes
from ..._encoding import Encoding, get_encoding
from ._checks import (
    _ORDER,
    _bad_percents,
    _check_fields,
    _controls,
    _double_encoded,
    _empty_sequences,
    _html_ampersands,
    _input_wide,
    _lowercase_hex,
    _non_ascii,
    _semicolons,
    _spaces,
)
from ._findings import Finding

__all__ = ["findings_of", "iter_lint", "lint"]


def findings_of(body: bytes, encoding: Encoding) -> Iterator[Finding]:
    """Every finding of *body*, by offset, then code, produced as the checks reach them.

    Each check yields its findings in offset order, so merging them is enough:
    nothing is held but one pending finding per check (and, for ``U402``, the
    repeated names).
    """
    content_end = len(body.rstrip(b"\r\n"))
    return heapq.merge(
        _input_wide(body, content_end),
        _semicolons(body, content_end),
        _empty_sequences(body),
        _html_ampersands(body),
        _bad_percents(body),
        _lowercase_hex(body),
        _double_encoded(body),
        _non_ascii(body),
        _spaces(body, content_end),
        _controls(body, content_end),
        _check_fields(body, encoding),
        key=_ORDER,
    )


def iter_lint(data: BytesLike | str, *, encoding: str | Encoding = "UTF-8") -> Iterator[Finding]:
    """Yield what in a urlencoded body is likely a mistake, as the checks find it.

    The findings of :func:`lint`, in the same order (by offset, then code),
    produced as the input is read: memory does not grow with the number of
    findings, and taking the first few of a large input does not check the
    rest. The arguments are checked when it is called, before the first
    finding is asked for.

    :param data: the body or query, as bytes or str (UTF-8 encoded first).
    :param encoding: the encoding the names and values are meant to be read
        in (a label or :class:`Encoding`), for ``U304`` and ``U401``.
    :returns: an iterator over the findings, ordered by offset, then code.
    :raises TypeError: if *data* is not bytes or str.
    :raises UnknownEncodingError: if *encoding* is not a known label.

    >>> findings = iter_lint(b"a=%zz&" * 100_000)
    >>> print(next(findings))
    byte 2: U201 bad-percent (error): '%' followed by 'zz' is not an escape; ...
    >>> sum(finding.severity == "error" for finding in findings)
    99999

    .. versionadded:: 1.1
    """
    body = as_bytes(data, "iter_lint")
    return findings_of(body, get_encoding(encoding))


def lint(data: BytesLike | str, *, encoding: str | Encoding = "UTF-8") -> list[Finding]:
    """List what in a urlencoded body is likely a mistake, with byte offsets.

    The parser (https://url.spec.whatwg.org/#concept-urlencoded-parser) reads
    every input without complaint; lint says where the input probably does
    not mean what it says: a ``;`` used as a separator, a ``%`` without two
    hex digits, a raw newline that ``echo`` added, bytes invalid in the
    encoding, a name given twice. The codes, with an example each, are
    listed in the documentation's lint page; :data:`CODES` maps each code to
    its name, severity and summary.

    Each kind of finding is reported at its first occurrence in each
    ``&``-separated sequence; input-wide ones (``U101``, ``U102``, ``U203``)
    once. Lint takes linear time in the input's length. :func:`iter_lint`
    yields the same findings one by one, without listing them.

    :param data: the body or query, as bytes or str (UTF-8 encoded first).
    :param encoding: the encoding the names and values are meant to be read
        in (a label or :class:`Encoding`), for ``U304`` and ``U401``.
    :returns: the findings, ordered by offset, then code.
    :raises TypeError: if *data* is not bytes or str.
    :raises UnknownEncodingError: if *encoding* is not a known label.

    >>> for finding in lint("?q=caf%c3%a9;lang=fr&q=x"):
    ...     print(finding)
    byte 0: U101 leading-question-mark (error): the first name starts with '?': ...
    byte 6: U202 lowercase-hex (info): '%c3' has lower-case hex digits; ...
    byte 12: U103 semicolon-separator (warning): ';' then 'lang=fr' looks like ...
    >>> lint(b"a=1&b=2")
    []

    .. versionadded:: 1.1
    """
    body = as_bytes(data, "lint")
    return list(findings_of(body, get_encoding(encoding)))

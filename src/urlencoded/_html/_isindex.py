"""CGI's command line for an ``<isindex>`` query (RFC 3875 §4.4).

https://www.rfc-editor.org/rfc/rfc3875#section-4.4

An ``<isindex>`` search sent its words joined with ``+`` and no ``=``
(``?cgi+command+line``); a CGI server passed them to the script as its
command-line arguments. The rule is all or nothing: a query that is not a
search-string, or a word that cannot be an argument, gives no arguments.
"""

from __future__ import annotations

import re

from .._core import as_bytes, percent_decode_bytes
from .._encoding import Encoding, decode, get_encoding

__all__ = ["isindex_argv"]

# search-string = search-word *( "+" search-word )
# search-word   = 1*schar
# schar         = unreserved | escaped | xreserved   (unreserved and escaped: RFC 2396)
# xreserved     = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "," | "$"
# Checked in three linear passes rather than one regex, whose alternation
# inside a repeat keeps state for every byte: the bytes outside schar and "+"
# (escaped's "%" and hex digits are among them), a "%" that starts no escape,
# and an empty word.
_SEARCH_BYTES = (
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'();/?:@&=,$%+"
)
_LONE_PERCENT = re.compile(rb"%(?![0-9A-Fa-f]{2})")


def _is_search_string(data: bytes) -> bool:
    """Whether *data* matches the RFC's search-string."""
    return (
        bool(data)
        and not data.translate(None, _SEARCH_BYTES)
        and _LONE_PERCENT.search(data) is None
        and not data.startswith(b"+")
        and not data.endswith(b"+")
        and b"++" not in data
    )


def isindex_argv(
    query: str | bytes | bytearray | memoryview, *, encoding: str | Encoding = "UTF-8"
) -> list[str]:
    """The command-line arguments a CGI script gets for an "indexed" query.

    https://www.rfc-editor.org/rfc/rfc3875#section-4.4

    A query with no unencoded ``=`` is a search-string: words joined with
    ``+``, each percent-decoded (``%2B`` is a plus in a word, ``%20`` a
    space) and then decoded as *encoding* (the RFC's "optionally encoded in
    a system-defined manner"). A query with an unencoded ``=`` is form data
    and gives no arguments. So does a query that is not a search-string (it
    is empty, has an empty word as in ``a++b``, or holds a character outside
    the RFC's ``schar`` such as a space or a ``%`` that starts no escape),
    and, as the RFC says a server "MUST NOT generate any command line
    information" when it cannot build every argument, a query with a word
    that is not valid in *encoding* or holds a NUL, which no argument can.
    The request method (the RFC's ``GET`` or ``HEAD``) is the caller's to check.

    :param query: the query, without the ``?``: bytes-like, or a str (UTF-8 encoded first).
    :param encoding: an encoding label or :class:`~urlencoded.Encoding` for
        the percent-decoded words.
    :returns: the arguments, in order; ``[]`` for no command line.
    :raises TypeError: if *query* is not str or bytes-like, or *encoding* not a
        str or :class:`~urlencoded.Encoding`.
    :raises UnknownEncodingError: if *encoding* is not a known label.

    >>> from urlencoded import isindex_argv
    >>> isindex_argv("cgi+command+line%2B1+caf%C3%A9")
    ['cgi', 'command', 'line+1', 'café']
    >>> isindex_argv("name=value"), isindex_argv("a++b"), isindex_argv("")
    ([], [], [])

    .. versionadded:: 1.1
    """
    resolved = get_encoding(encoding)
    data = as_bytes(query, "isindex_argv")
    # An unencoded "=" marks form data, not an indexed query.
    if b"=" in data or not _is_search_string(data):
        return []
    words = []
    for word in data.split(b"+"):
        # "each search-word is URL-decoded"
        decoded = percent_decode_bytes(word)
        try:
            text = decode(resolved, decoded, fatal=True)
        except UnicodeDecodeError:
            return []
        if "\x00" in text:
            return []
        words.append(text)
    return words

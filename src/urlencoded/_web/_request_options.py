"""The keyword options of the parser and the request-body helpers, as typed dicts.

The helpers built on :func:`urlencoded.parse`, :func:`urlencoded.parse_wsgi`
and :func:`urlencoded.parse_asgi` pass their keyword arguments through
unchanged; these ``TypedDict`` classes let a type checker check them as if
they had been spelled out. They are only ever used in annotations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

if TYPE_CHECKING:
    from collections.abc import Collection

    from .._core import Separator
    from .._encoding import Encoding

__all__ = [
    "NestedQueryOptions",
    "NestedServerOptions",
    "NestingOptions",
    "ParseOptions",
    "QueryOptions",
    "ServerOptions",
]


class ParseOptions(TypedDict, total=False):
    """Keyword arguments of :func:`urlencoded.parse`, but its deprecated ``use_charset_field``."""

    encoding: str | Encoding
    errors: Literal["replace", "strict"]
    isindex: bool
    charset_field: str | None
    separator: Separator
    max_fields: int | None
    max_field_size: int | None
    max_body_size: int | None


class ServerOptions(TypedDict, total=False):
    """Keyword arguments of :func:`urlencoded.parse_wsgi` and :func:`urlencoded.parse_asgi`."""

    encoding: str | Encoding
    honor_charset: bool
    media_types: Collection[str]
    errors: Literal["replace", "strict"]
    isindex: bool
    charset_field: str | None
    separator: Separator
    max_fields: int | None
    max_field_size: int | None
    max_body_size: int | None


class QueryOptions(ParseOptions, total=False):
    """Keyword arguments of the adapters' query readers: those of :func:`urlencoded.parse`.

    The limits default to those of :func:`urlencoded.parse_wsgi`.
    """


class NestingOptions(TypedDict, total=False):
    """The keyword arguments that :func:`urlencoded.parse_nested` adds to those of parse()."""

    max_depth: int | None
    max_list_index: int | None
    max_keys: int | None
    duplicates: Literal["combine", "first", "last", "error"]


class NestedServerOptions(ServerOptions, NestingOptions, total=False):
    """Keyword arguments of the adapters' nested form readers."""


class NestedQueryOptions(QueryOptions, NestingOptions, total=False):
    """Keyword arguments of the adapters' nested query readers."""

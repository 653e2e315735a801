"""Request bodies as servers read them, with no framework in sight.

Built on ``_core``, ``_html`` and ``dialects``:

- ``_content_type``: the Content-Type header, parsed as the MIME Sniffing
  Standard does.
- ``_streaming``: ``IncrementalParser``, bounded memory and limits.
- ``_servers``: reading a WSGI environ or an ASGI scope and receive channel;
  ``_request_options``: their keyword options, as typed dicts.
- ``_multidict``: ``MultiDict``; ``_multidict_views``: its values and items views.
- ``_requests``: query strings, and nested names in request bodies, as the
  framework adapters read them, and their errors as HTTP errors.
- ``_nested``: bracketed names (``a[b][0]=x``) as PHP, Rack and qs read and
  write them.
- ``_signing``: the ``auth=`` protocol of httpx and requests, as the request
  signers (``urlencoded.oauth1``, ``urlencoded.sigv4``) share it.

Framework-specific checks live in the adapters above this layer
(``urlencoded.flask``, ``urlencoded.django``, ``urlencoded.starlette``).
"""

from __future__ import annotations

import typing

from .._core import first_use

if typing.TYPE_CHECKING:
    from ._content_type import FORM_URLENCODED, MediaType, check_content_type, parse_mime_type
    from ._inputs import (
        LOG_FORMATS,
        detect_line_format,
        find_query,
        is_url,
        log_target,
        url_query,
    )
    from ._multidict import MultiDict
    from ._nested import NestedValue, parse_nested, serialize_nested
    from ._request_options import (
        NestedQueryOptions,
        NestedServerOptions,
        QueryOptions,
        ServerOptions,
    )
    from ._requests import (
        AnswerErrors,
        RecordingInput,
        check_request_options,
        parse_asgi_nested,
        parse_query,
        parse_query_nested,
        parse_wsgi_nested,
    )
    from ._servers import WSGI_BODY_CHECKS, ASGIMessage, error_status, parse_asgi, parse_wsgi
    from ._signing import (
        HTTP_TOKEN,
        UNRESERVED,
        RequestSigner,
        check_header_text,
        check_method,
        check_secret,
        escape_unreserved,
        header_items,
        header_values,
        join_sort_keys,
        query_sort_keys,
        same_signature,
        sendable_body,
        str_pairs,
    )
    from ._streaming import (
        DEFAULT_MAX_BODY_SIZE,
        DEFAULT_MAX_FIELD_SIZE,
        DEFAULT_MAX_FIELDS,
        IncrementalParser,
    )

# What the layers above may use; nothing else of this package crosses its line.
__all__ = [
    "DEFAULT_MAX_BODY_SIZE",
    "DEFAULT_MAX_FIELDS",
    "DEFAULT_MAX_FIELD_SIZE",
    "FORM_URLENCODED",
    "HTTP_TOKEN",
    "LOG_FORMATS",
    "UNRESERVED",
    "WSGI_BODY_CHECKS",
    "ASGIMessage",
    "AnswerErrors",
    "IncrementalParser",
    "MediaType",
    "MultiDict",
    "NestedQueryOptions",
    "NestedServerOptions",
    "NestedValue",
    "QueryOptions",
    "RecordingInput",
    "RequestSigner",
    "ServerOptions",
    "check_content_type",
    "check_header_text",
    "check_method",
    "check_request_options",
    "check_secret",
    "detect_line_format",
    "error_status",
    "escape_unreserved",
    "find_query",
    "header_items",
    "header_values",
    "is_url",
    "join_sort_keys",
    "log_target",
    "parse_asgi",
    "parse_asgi_nested",
    "parse_mime_type",
    "parse_nested",
    "parse_query",
    "parse_query_nested",
    "parse_wsgi",
    "parse_wsgi_nested",
    "query_sort_keys",
    "same_signature",
    "sendable_body",
    "serialize_nested",
    "str_pairs",
    "url_query",
]

# Loaded on first use: name -> module.
__getattr__ = first_use(
    __name__,
    {
        "FORM_URLENCODED": "_content_type",
        "MediaType": "_content_type",
        "check_content_type": "_content_type",
        "parse_mime_type": "_content_type",
        "MultiDict": "_multidict",
        "NestedValue": "_nested",
        "parse_nested": "_nested",
        "serialize_nested": "_nested",
        "ServerOptions": "_request_options",
        "QueryOptions": "_request_options",
        "NestedServerOptions": "_request_options",
        "NestedQueryOptions": "_request_options",
        "AnswerErrors": "_requests",
        "RecordingInput": "_requests",
        "check_request_options": "_requests",
        "parse_asgi_nested": "_requests",
        "parse_query": "_requests",
        "parse_query_nested": "_requests",
        "parse_wsgi_nested": "_requests",
        "ASGIMessage": "_servers",
        "WSGI_BODY_CHECKS": "_servers",
        "error_status": "_servers",
        "parse_asgi": "_servers",
        "parse_wsgi": "_servers",
        "DEFAULT_MAX_BODY_SIZE": "_streaming",
        "DEFAULT_MAX_FIELDS": "_streaming",
        "DEFAULT_MAX_FIELD_SIZE": "_streaming",
        "IncrementalParser": "_streaming",
        "LOG_FORMATS": "_inputs",
        "detect_line_format": "_inputs",
        "find_query": "_inputs",
        "is_url": "_inputs",
        "log_target": "_inputs",
        **dict.fromkeys(
            [
                "HTTP_TOKEN",
                "UNRESERVED",
                "RequestSigner",
                "check_header_text",
                "check_method",
                "check_secret",
                "escape_unreserved",
                "header_items",
                "header_values",
                "join_sort_keys",
                "query_sort_keys",
                "same_signature",
                "sendable_body",
                "str_pairs",
            ],
            "_signing",
        ),
        "url_query": "_inputs",
    },
)

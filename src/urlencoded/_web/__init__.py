"""Request bodies as servers read them, with no framework in sight.

Built on ``_core``, ``_html`` and ``dialects``:

- ``_content_type``: the Content-Type header, parsed as the MIME Sniffing
  Standard does.
- ``_streaming``: ``IncrementalParser``, bounded memory and limits.
- ``_servers``: reading a WSGI environ or an ASGI scope and receive channel;
  ``_request_options``: their keyword options, as typed dicts.
- ``_multidict``: ``MultiDict``.
- ``_nested``: bracketed names (``a[b][0]=x``) as PHP, Rack and qs read and
  write them.

Framework-specific checks live in the adapters above this layer
(``urlencoded.flask``, ``urlencoded.django``, ``urlencoded.starlette``).
"""

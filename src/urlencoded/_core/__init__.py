"""The URL Standard: percent-encoding and application/x-www-form-urlencoded.

https://url.spec.whatwg.org/#percent-encoded-bytes,
https://url.spec.whatwg.org/#application/x-www-form-urlencoded and
https://url.spec.whatwg.org/#interface-urlsearchparams, with the Infra
Standard's string rules they use. The lowest layer of the package after the
Encoding Standard (``_encoding``) and the exceptions (``_errors``): it imports
nothing else of the package, and everything above it builds on it.

- ``_infra``: scalar value strings and code-unit order.
- ``_sets``: the percent-encode sets.
- ``_percent``: percent-encode and percent-decode, bytes and strings.
- ``_submission``: the form options that the parser and serializer share
  with HTML's submission steps (``_charset_``, newlines, separators).
- ``_form``: the parser, string parser and serializer; ``_bulk`` holds their
  fast paths, proven equal to the spec's steps by the property tests.
- ``_search_params``: ``URLSearchParams``.
"""

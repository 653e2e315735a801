"""The HTML Standard's form rules beyond the URL Standard's parser and serializer.

Built on ``_core``: the text/plain encoding
(https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#text/plain-encoding-algorithm)
in ``_text_plain``, and reading legacy forms whose encoding is not known
(a probe field, or a guess among candidate encodings) in ``_legacy``.
"""

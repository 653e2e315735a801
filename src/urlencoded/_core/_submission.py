"""What an HTML form submission does on top of the URL Standard's serializer.

https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#form-submission-algorithm

A browser submitting a form does not hand the urlencoded serializer the
values as the page holds them. "Constructing the entry list" fills a hidden
field named ``_charset_`` with the name of the encoding the form is
submitted in, and "converting an entry list to a list of name-value pairs"
turns every lone CR, lone LF and CRLF in names and values into CRLF. This
module holds the second; the name of the first, ``_charset_``, and the
validation of the keyword arguments that select them live with the other
options in ``_options.py``.

Everything here is opt-in: the defaults of the public functions are the URL
Standard's, which knows nothing of forms.
"""

from __future__ import annotations

import re

# Re-exported for the text/plain serializer, which takes the same options.
from ._options import CHARSET_FIELD, check_newlines

__all__ = ["CHARSET_FIELD", "check_newlines", "normalize_newlines"]

# https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#convert-to-a-list-of-name-value-pairs
# A CR not followed by LF, an LF not preceded by CR, or CRLF: each becomes CRLF.
_NEWLINE = re.compile(r"\r\n?|\n")


def normalize_newlines(text: str) -> str:
    """Replace each lone CR, lone LF and CRLF in *text* with CRLF.

    https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#convert-to-a-list-of-name-value-pairs
    (steps 2.1 and 2.3). "\\n\\r" is two line breaks: ``"\\r\\n\\r\\n"``.
    """
    if "\r" not in text and "\n" not in text:
        return text
    return _NEWLINE.sub("\r\n", text)

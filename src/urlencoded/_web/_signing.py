"""What the request signers share: the ``auth=`` protocol of httpx and requests.

https://www.python-httpx.org/advanced/authentication/#custom-authentication-schemes

httpx calls an ``auth=`` callable with each ``httpx.Request`` (or an
``httpx.Auth``'s ``auth_flow``), requests with each
``requests.PreparedRequest``. :class:`RequestSigner` finds the method, URL,
headers and body of either, and a signer (``urlencoded.oauth1.OAuth1``,
``urlencoded.sigv4.SigV4``) sets its headers from them. No HTTP client is
imported: the request types are told apart by their attributes.
:func:`str_pairs` checks the pairs the signers are given (protocol
parameters, headers).
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator, Mapping
from typing import Any, ClassVar, TypeVar

__all__ = ["RequestSigner", "sendable_body", "str_pairs"]

_Request = TypeVar("_Request")


def str_pairs(pairs: Iterable[Any] | Mapping[Any, Any], what: str) -> Iterator[tuple[str, str]]:
    """Each ``(name, value)`` of *pairs* (pairs or a mapping), checked to be two str.

    :raises TypeError: for a string, something else that is not pairs, or a
        pair that is not two str, naming *what* and the pair's index.
    """
    if isinstance(pairs, (str, bytes)):
        raise TypeError(f"{what} must be (name, value) pairs or a mapping, not a string")
    items = list(pairs.items()) if isinstance(pairs, Mapping) else list(pairs)
    for index, pair in enumerate(items):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise TypeError(f"{what} pair {index} is not a (name, value) pair: {pair!r}")
        name, value = pair
        if not isinstance(name, str) or not isinstance(value, str):
            raise TypeError(f"{what} pair {index} must hold two str: {pair!r}")
        yield name, value


def sendable_body(body: object, what: str) -> bytes | str | None:
    """*body* if it can be signed before it is sent: bytes, str or None.

    :raises ValueError: for a body sent as a stream, naming *what* it is.
    """
    if body is None or isinstance(body, (bytes, str)):
        return body
    raise ValueError(
        f"a {what} sent as a stream cannot be signed: give the request its body as"
        f" bytes (got {type(body).__name__})"
    )


class RequestSigner:
    """Sign httpx and requests requests in place; a subclass says how in :meth:`_sign_into`."""

    #: The signer's name in the error for an object that is no request.
    signer_name: ClassVar[str]

    def _sign_into(self, headers: Any, method: str, url: Any, body: object) -> None:
        """Set the signature's headers in *headers* (the request's own, changed in place).

        *url* is a str for an ``httpx.Request``, and what requests prepared
        (a str, or None) for a ``requests.PreparedRequest``; *body* is the
        body as sent, or the stream of a streamed httpx body.
        """
        raise NotImplementedError

    def __call__(self, request: _Request) -> _Request:
        """Sign an ``httpx.Request`` or a ``requests.PreparedRequest`` in place and return it.

        https://requests.readthedocs.io/en/latest/user/authentication/#new-forms-of-authentication

        httpx calls an ``auth=`` function with each request, and requests
        calls an ``auth=`` callable with each prepared request.

        :param request: the request.
        :returns: the same request, with the signature's headers (see :meth:`sign`) set.
        :raises TypeError: for an object that is neither request type.
        :raises ValueError: as :meth:`sign` does, or for a body to sign sent
            as a stream, which cannot be read before it is sent.

        .. versionadded:: 1.1
        """
        req: Any = request
        if hasattr(req, "prepare_body"):  # requests.PreparedRequest: Host is added when sent
            url, body = req.url, req.body
        elif hasattr(req, "extensions") and hasattr(req, "stream"):  # httpx.Request
            url = str(req.url)
            try:
                body = req.content
            except Exception:  # httpx.RequestNotRead: a streamed body
                body = req.stream
        else:
            raise TypeError(
                f"{self.signer_name} signs httpx.Request and requests.PreparedRequest,"
                f" not {type(req).__name__}"
            )
        self._sign_into(req.headers, req.method, url, body)
        return request

    def auth_flow(self, request: _Request) -> Generator[_Request, Any, None]:
        """httpx's ``Auth.auth_flow``: yield the signed request once.

        https://www.python-httpx.org/advanced/authentication/#custom-authentication-schemes

        :param request: an ``httpx.Request``.
        :returns: a generator that yields the request, signed.
        :raises TypeError: as :meth:`__call__` does.
        :raises ValueError: as :meth:`__call__` does.

        .. versionadded:: 1.1
        """
        yield self(request)

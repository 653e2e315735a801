"""The ``auth=`` of httpx and requests that signs each request with AWS Signature Version 4.

https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#add-signature-to-request
"""

from __future__ import annotations

import datetime
from typing import Any, Callable, Union

from .._web import RequestSigner, check_secret, sendable_body
from ._canonical import Headers, canonical_request, hashed_payload, header_pairs
from ._signing import (
    ALGORITHM,
    Timestamp,
    check_session_token,
    check_token,
    scope_part,
    signature,
    signing_key,
    string_to_sign,
    to_amz_date,
)

__all__ = ["SigV4"]

_Clock = Union[Timestamp, Callable[[], Timestamp], None]
# The headers SigV4 signs from a request: those a proxy or the client may not change.
_SIGNED_FROM_REQUEST = ("host", "content-type", "content-md5")


class SigV4(RequestSigner):
    """Sign each request with AWS Signature Version 4, for httpx and requests.

    https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html

    Pass it as ``auth=`` to httpx (sync or async) or requests. Each request
    gets an ``X-Amz-Date`` header, ``X-Amz-Security-Token`` with a session
    token, ``X-Amz-Content-SHA256`` for S3, and the ``Authorization``
    header. It signs the ``Host``, ``Content-Type`` and ``Content-MD5``
    headers and every ``X-Amz-*`` header, the path and query as sent, and
    the body.

    :param access_key: the access key id.
    :param secret_key: the secret access key.
    :param region: the region, such as ``us-east-1``.
    :param service: the service, such as ``execute-api`` or ``s3``.
    :param session_token: a temporary credential's session token.
    :param s3: sign as S3 does (see :func:`canonical_uri`); by default when
        *service* is ``s3``.
    :param timestamp: a fixed time (``20150830T123600Z`` or an aware
        datetime) or a function giving the time; the current time by default.
    :raises TypeError: for an argument of the wrong type.
    :raises ValueError: for an access key, region or service that is not
        an RFC 9110 token (ASCII letters, digits and ``!#$%&'*+-.^_`|~``:
        each is written into the ``Authorization`` header as it is), a
        session token that is not printable ASCII, a secret key with a lone
        surrogate, or a bad fixed *timestamp*.

    >>> import httpx
    >>> auth = SigV4("AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
    ...              region="us-east-1", service="service", timestamp="20150830T123600Z")
    >>> auth(httpx.Request("GET", "https://example.amazonaws.com/")).headers["Authorization"]
    ... # doctest: +NORMALIZE_WHITESPACE
    'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request,
    SignedHeaders=host;x-amz-date,
    Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31'

    .. versionadded:: 1.1
    """

    signer_name = "SigV4"

    def __init__(
        self,
        access_key: str,
        secret_key: str,
        *,
        region: str,
        service: str,
        session_token: str | None = None,
        s3: bool | None = None,
        timestamp: _Clock = None,
    ) -> None:
        # Each but the secret is written into a header: checked here, not at the first request.
        check_token(access_key, "access_key")
        check_secret(secret_key, "secret_key")
        if session_token is not None:
            check_session_token(session_token)
        if s3 is not None and not isinstance(s3, bool):
            raise TypeError("s3 must be a bool or None")
        if timestamp is not None and not callable(timestamp):
            to_amz_date(timestamp)
        self.access_key = access_key
        self.secret_key = secret_key
        self.region = scope_part(region, "region")
        self.service = scope_part(service, "service")
        self.session_token = session_token
        self.s3 = service == "s3" if s3 is None else s3
        self._timestamp = timestamp

    def __repr__(self) -> str:
        return (
            f"SigV4(access_key={self.access_key!r}, region={self.region!r},"
            f" service={self.service!r})"
        )

    def _now(self) -> str:
        if self._timestamp is None:
            return to_amz_date(datetime.datetime.now(datetime.timezone.utc))
        if callable(self._timestamp):
            return to_amz_date(self._timestamp())
        return to_amz_date(self._timestamp)

    def sign(
        self, method: str, url: str, *, headers: Headers = (), body: bytes | str | None = None
    ) -> dict[str, str]:
        """The headers to add to one request to sign it, ``Authorization`` last.

        https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html#add-signature-to-request

        :param method: the HTTP method.
        :param url: the absolute URL, with the path and query as sent.
        :param headers: the request's headers to sign, besides those added here.
        :param body: the body as sent.
        :returns: ``X-Amz-Date``, then ``X-Amz-Security-Token`` and
            ``X-Amz-Content-SHA256`` where they apply, then ``Authorization``.
        :raises TypeError: as :func:`canonical_request` does.
        :raises ValueError: as :func:`canonical_request` does.

        >>> auth = SigV4("AKID", "secret", region="eu-west-1", service="s3",
        ...              timestamp="20240102T030405Z")
        >>> list(auth.sign("PUT", "https://b.s3.amazonaws.com/k", body=b"x"))
        ['X-Amz-Date', 'X-Amz-Content-SHA256', 'Authorization']

        .. versionadded:: 1.1
        """
        amz_date = self._now()
        added = {"X-Amz-Date": amz_date}
        if self.session_token is not None:
            added["X-Amz-Security-Token"] = self.session_token
        payload = hashed_payload(body)
        if self.s3:
            added["X-Amz-Content-SHA256"] = payload
        given = [
            (name, value)
            for name, value in header_pairs(headers)
            if name.lower() not in {"x-amz-date", "x-amz-security-token", "x-amz-content-sha256"}
            and name.lower() != "authorization"
        ]
        to_sign = given + [(name.lower(), value) for name, value in added.items()]
        request = canonical_request(method, url, headers=to_sign, payload_hash=payload, s3=self.s3)
        text = string_to_sign(request, amz_date, region=self.region, service=self.service)
        key = signing_key(self.secret_key, amz_date, region=self.region, service=self.service)
        names = request.split("\n")[-2]
        added["Authorization"] = (
            f"{ALGORITHM} Credential={self.access_key}/{amz_date[:8]}/{self.region}/"
            f"{self.service}/aws4_request, SignedHeaders={names}, Signature={signature(key, text)}"
        )
        return added

    def _sign_into(self, headers: Any, method: str, url: Any, body: object) -> None:
        sent = sendable_body(body, "body")
        signed = []
        for name, value in headers.items():
            if not isinstance(name, str):
                raise TypeError(f"the request's header names must be str, not {name!r}")
            if name.lower() in _SIGNED_FROM_REQUEST or name.lower().startswith("x-amz-"):
                signed.append((name, value))
        for name, value in self.sign(method, str(url), headers=signed, body=sent).items():
            headers[name] = value

"""Calls of the client helpers and signers that ``mypy --strict`` must accept, and reject.

Type-checked, never run (``mypy --strict`` covers ``tests/``): the auth classes
type-check as httpx's and requests' ``auth=``, and the helpers return the
clients' own types. Each rejected call carries ``# type: ignore[code]``.
"""

from __future__ import annotations

import httpx
import requests
import yarl

from urlencoded.clients import aiohttp_url, httpx_request, httpx_url, requests_prepare
from urlencoded.oauth1 import OAuth1, signature_base_string
from urlencoded.sigv4 import SigV4, canonical_uri, signing_key


def accepted(client: httpx.Client, session: requests.Session) -> None:
    """Calls that must type-check."""
    oauth = OAuth1("key", "secret", token="t", token_secret="s")
    sigv4 = SigV4("AKID", "secret", region="us-east-1", service="s3")
    client.send(httpx_request("POST", "https://h/", data=[("a", "1")]), auth=oauth)
    httpx.AsyncClient(auth=sigv4)
    session.send(requests_prepare("GET", "https://h/", params={"q": "~"}, session=session))
    requests.get("https://h/", auth=oauth)
    requests.get("https://h/", auth=sigv4)
    url: httpx.URL = httpx_url("https://h/", {"q": b"\xff"})
    yarl_url: yarl.URL = aiohttp_url(url.path, "q=%7E")
    signature_base_string("GET", str(yarl_url), oauth_params={"oauth_nonce": "n"})
    canonical_uri("/a", s3=True)
    signing_key("secret", "20150830", region="us-east-1", service="iam").hex()


def rejected() -> None:
    """Calls that must not type-check."""
    httpx_url("https://h/", 5)  # type: ignore[arg-type]
    signature_base_string("GET", "https://h/", {"oauth_nonce": "n"})  # type: ignore[call-arg, misc]
    canonical_uri("/a", True)  # type: ignore[misc]
    OAuth1("key", realm=1)  # type: ignore[arg-type]

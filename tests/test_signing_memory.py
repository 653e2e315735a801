"""The signers on 4 MB inputs: peak memory, measured in a fresh interpreter per call.

A regular expression with a repeated group keeps tens of bytes of state per
input byte, and a list of (name, value) tuples of bytes costs over a hundred
bytes per pair: a 4 MB form body once took +484 MB. Each call here runs in a
new process, which reports how far its peak resident set grew during the
call (its peak, ``resource.getrusage``, less its resident set once its input
was built).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

LIMIT_MB = 200

# A 4 MB body of 699,051 short pairs, and the same as a query.
SETUP = """
body = b"p=v+1&" * 699051
query = body.decode()
url = "https://e.com/?" + query
if "verify" in CALL:
    header = oauth1.OAuth1("k", "s", nonce="n", timestamp="1").sign("POST", url[:40], body=body)
    form = {"Authorization": header, "Content-Type": "application/x-www-form-urlencoded"}
    presigned = sigv4.presign_url("GET", url, access_key="AK", secret_key="s", region="r",
                                  now="20240102T030405Z")
"""

CALLS = {
    "oauth1.signature_base_string(body)": (
        "oauth1.signature_base_string('POST', 'https://e.com/', body=body, oauth_params=[])"
    ),
    "oauth1.signature_base_string(query)": (
        "oauth1.signature_base_string('GET', url, oauth_params=[])"
    ),
    "oauth1.signature(body as text)": (
        "oauth1.signature('POST', 'https://e.com/', body=query,"
        " oauth_params={'oauth_signature_method': 'HMAC-SHA1'}, client_secret='s')"
    ),
    "OAuth1.sign(body)": "oauth1.OAuth1('k', 's').sign('POST', url[:40], body=body)",
    "sigv4.canonical_query_string": "sigv4.canonical_query_string(query)",
    "sigv4.canonical_request": ("sigv4.canonical_request('POST', url, headers={}, body=body)"),
    "SigV4.sign": ("sigv4.SigV4('AK', 's', region='r', service='s').sign('GET', url, body=body)"),
    "sigv4.canonical_uri": "sigv4.canonical_uri('/a/.' * 1048576)",
    "oauth1.verify": (
        "oauth1.verify('POST', url[:40], headers=form, body=body, client_secret='s', now=1)"
    ),
    "oauth1.verify(header)": (
        "oauth1.verify('GET', url[:40], headers={'Authorization': 'OAuth ' + ', ' * 2097152"
        " + 'oauth_x=\"' + 'x' * 4194304 + '\"'}, client_secret='s')"
    ),
    "sigv4.verify(header)": (
        "sigv4.verify('GET', url[:40], headers={'Authorization': 'AWS4-HMAC-SHA256 '"
        " + 'Credential=' + 'x' * 4194304, 'X-Amz-Date': '20240102T030405Z'}, secret_key='s')"
    ),
    "sigv4.presign_url": (
        "sigv4.presign_url('GET', url, access_key='AK', secret_key='s', region='r')"
    ),
    "sigv4.verify": (
        "sigv4.verify('GET', presigned, headers={'Host': 'e.com'}, secret_key='s',"
        " now='20240102T030405Z')"
    ),
}

PROBE = """
import gc, json, resource, sys
from urlencoded import SignatureError, oauth1, sigv4

def peak_kb():
    try:  # Linux: the peak since clear_refs reset it, below
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))
    except OSError:
        usage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return usage / 1024 if sys.platform == "darwin" else usage  # bytes on macOS

def current_kb():
    # The resident set now, where /proc has it; else the peak so far (an upper bound).
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * resource.getpagesize() / 1024
    except OSError:
        return peak_kb()

CALL = {call!r}
{setup}
gc.collect()
try:  # forget the setup's peak: VmHWM starts again from the resident set now
    with open("/proc/self/clear_refs", "w") as clear_refs:
        clear_refs.write("5")
except OSError:
    pass
before = current_kb()
try:
    result = eval(CALL)
except SignatureError as error:  # a malformed request is refused, in bounded memory too
    result = str(error)
print(json.dumps({{"grew_mb": (peak_kb() - before) / 1024, "length": len(str(result))}}))
"""


@pytest.mark.parametrize("call", sorted(CALLS))
def test_peak_memory_of_a_4_mb_input(call: str) -> None:
    """The call grows the process's peak memory by at most 200 MB on a 4 MB input."""
    code = PROBE.format(setup=SETUP, call=CALLS[call])
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=600
    )
    measured = json.loads(done.stdout)
    assert measured["length"] > 0
    assert measured["grew_mb"] <= LIMIT_MB, f"{call}: +{measured['grew_mb']:.0f} MB"

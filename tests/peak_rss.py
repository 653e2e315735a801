"""Peak memory of one statement, measured in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys


def peak_growth(setup: str, statement: str) -> int:
    """How many bytes a fresh interpreter's peak RSS grows by while it runs *statement*.

    *setup* runs first (building the input), outside the measure. A new
    process, so that no earlier test's peak hides the growth; RSS, so that C
    allocations (a regex's state) count, on PyPy as on CPython.
    """
    code = (
        f"import resource\n{setup}\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        f"{statement}\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)\n"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return int(output) * 1024  # ru_maxrss is in KiB on Linux

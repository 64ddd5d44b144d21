"""Keep freed memory for the next read, in a process that reads more than once.

A read allocates and frees ~20 MB of short-lived arrays (the decoded image, its halvings,
the masks of the board search, CIELAB copies of the board). glibc's malloc serves blocks
above its mmap threshold with fresh pages and gives the top of its heap back to the system
once more than its trim threshold is free; both thresholds adapt to a few MB, so every read
of a phone screenshot still gives back and faults in again ~2,300 pages (~9 MB). On the
virtual machines this runs on a page fault costs ~2.5 us: ~6 ms of a ~53 ms warm read,
spent by the kernel zeroing pages the process had a moment before.

:func:`keep_freed_memory` raises both thresholds (blocks under 32 MB come from the heap,
and up to 64 MB of free heap is kept), so a warm read faults almost no pages. It is called
after the first read of a process (``assistant.read``), which therefore keeps its own peak:
a one-shot ``solve shot.png`` is unchanged, while batch workers, watch mode and the web page
read faster from their second image on, holding at most 64 MB of freed memory for it.
Elsewhere than glibc (musl, macOS, Windows) it does nothing.
"""

from __future__ import annotations

import functools
import sys

# glibc's mallopt() parameters (malloc.h).
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 32 << 20  # glibc's own ceiling for its adaptive threshold on 64-bit
TRIM_THRESHOLD = 64 << 20


@functools.cache
def keep_freed_memory() -> bool:
    """Tune glibc's malloc to keep freed memory (once per process); whether it did."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(
        mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD)
    )

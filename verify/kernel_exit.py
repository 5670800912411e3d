"""Compiled kernels that must not outlive Python.

A kernel object registered with :func:`stop_at_exit` has its stop method called when the
interpreter exits, unless it was collected first (the registry holds it weakly).  This
covers a shared solver, one a caller never closed, and kernels kept per thread of a pool,
whose threads are not collected before the interpreter ends.

>>> class K:
...     def stop(self):
...         print("stopped")
>>> k = K()
>>> stop_at_exit(k, "stop")
>>> _LIVE[k]
'stop'
>>> del k  # collected: nothing is left to stop at exit
>>> any(isinstance(x, K) for x in _LIVE)
False
"""

from __future__ import annotations

import atexit
import weakref

__all__ = ["stop_at_exit"]

_LIVE: "weakref.WeakKeyDictionary[object, str]" = weakref.WeakKeyDictionary()


def stop_at_exit(kernel: object, method: str) -> None:
    """Call ``kernel.<method>()`` when Python exits, if ``kernel`` is still alive then."""
    _LIVE[kernel] = method


@atexit.register
def _stop_all() -> None:
    for kernel, method in list(_LIVE.items()):
        try:
            getattr(kernel, method)()
        except Exception:  # noqa: BLE001  (at exit the process may already be gone)
            pass

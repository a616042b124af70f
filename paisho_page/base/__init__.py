"""What every page writes and builds, as data, and what it does when it fails.

:mod:`.dom_writes` (writes into elements), :mod:`.elements` (elements a page builds) and
:mod:`.page_guard` (an escaped exception).  Pure.
"""

"""Toy Pai Sho, a made-up variant for the tests: three in a row on the Pai Sho board.

It exists to show that a variant plugs in through its spec alone (:mod:`.spec`): the
engine, the link codec, saves, the computer, the demo library and the page know it
from there, with no table of theirs naming it.  The tests register it
(``registry.register("toyvariant.spec")``); a test build adds it to a copy of the site
(``build.py build --variant tests/support/toyvariant``: ``dist-toyvariant/``).  Never
shipped.
"""

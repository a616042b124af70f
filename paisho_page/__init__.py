"""paisho_page: the logic of the Pai Sho site's pages, pure Python and tested under CPython.

The layer between the rules engine (:mod:`paisho_core`, which it uses and which never
imports it) and the site's DOM glue (``site/*.py``, which only moves what this package
computes into the page).  Nothing here touches the DOM, ``js``, ``pyodide`` or storage.
One sub-package a job:

* :mod:`paisho_page.play` — the game page: the board's interaction state (clicks,
  selection, keyboard cursor, undo/redo, the status line), the game's timeline, the
  replay bar, the players' panels, buttons, move list, tile card and result;
* :mod:`paisho_page.sharing` — links (opening, pacing a long one), notation import and
  export, the address bar, kept games, the Share, Notation and Embed dialogs' decisions,
  and the one guard at every exit of a game with hidden hands;
* :mod:`paisho_page.storage` — the saved games (schema, validation, migration, the
  "Your games" index, set-aside data), the kept games, which save wins between tabs;
* :mod:`paisho_page.computer` — the computer opponent: the worker's protocol, its
  decisions and its dialog;
* :mod:`paisho_page.studio` — the Studio's editor, reserves, demo and play;
* :mod:`paisho_page.embed` — what the embed pages show;
* :mod:`paisho_page.learn` — the lessons;
* :mod:`paisho_page.words` — languages, names, terms, tile cards' words, message kinds;
* :mod:`paisho_page.panels` — each variant's panel logic;
* :mod:`paisho_page.base` — what every page writes and builds, and its failure guard.
"""

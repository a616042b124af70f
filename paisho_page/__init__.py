"""paisho_page: the logic of the Pai Sho site's pages, pure Python and tested under CPython.

The layer between the rules engine (:mod:`paisho_core`, which it uses and which never
imports it) and the site's DOM glue (``site/*.py``, which only moves what this package
computes into the page).  Nothing here touches the DOM, ``js``, ``pyodide`` or storage:

* :mod:`~paisho_page.ui` (with :mod:`~paisho_page.ui_text` and
  :mod:`~paisho_page.ui_history`) — the board's interaction state: clicks, selection,
  keyboard cursor, undo/redo, the status line's words;
* :mod:`~paisho_page.replay` — opening links, the replay bar, notation import/export;
* :mod:`~paisho_page.sharing` and :mod:`~paisho_page.link_pacing` — the address bar,
  kept games, replay bar and dialogs' decisions, and the pacing of a long link's replay;
* :mod:`~paisho_page.saves` (with :mod:`~paisho_page.seal` and
  :mod:`~paisho_page.safejson`) — the saved-game schema, its validation and migration;
  :mod:`~paisho_page.tab_sync` — which save wins between tabs;
* :mod:`~paisho_page.worker_client` — the search worker's request/cancel protocol;
* :mod:`~paisho_page.move_list` and :mod:`~paisho_page.demo_viewer` — the move list's
  markup and the embed page's model;
* :mod:`paisho_page.panels` — each variant's panel logic (Balance's score and preview,
  Wiki's previews, Ancient's hot seat and Wheel ring).
"""

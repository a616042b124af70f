"""The computer opponent on the page: the worker's protocol, its decisions, its words.

:mod:`.worker_client` (requests, replies, cancelling), :mod:`.client` (when the computer
plays, what it shows), :mod:`.choices` (its dialog's words and choices).  Pure.
"""

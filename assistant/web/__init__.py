"""The local web page: paste a screenshot, see every word and its path.

A front-end like the CLI: it parses requests, calls the pipeline seam, and presents the
outcome; nothing here reads tiles, chooses games or scores words. Optional: it needs the
``web`` extra (``pip install 'boggle-assistant[web]'``), and nothing else in the package
imports it, so ``boggle-assistant solve LETTERS`` never loads a web framework.

* :mod:`assistant.web.app` -- the Starlette application: the page, ``POST /api/solve``,
  ``GET /api/games``, ``GET /api/live`` (server-sent events), upload limits.
* :mod:`assistant.web.live` -- a watch of the screen running in a thread, whose boards are
  pushed to every open page.
* :mod:`assistant.web.serve` -- ``boggle-assistant serve``: uvicorn on 127.0.0.1, a warning
  for any other address, a clean stop on Ctrl-C.
* ``static/`` -- the page itself (HTML, CSS, JavaScript; no build step, nothing from the
  network).
"""

from __future__ import annotations

MISSING_HINT = "install the web extra: pip install 'boggle-assistant[web]' (make setup does)"

"""Harper's evaluation: question sets from the demo ground truth, run through the HTTP API.

``python -m harper_eval`` (``make eval``) starts its own Harper on a copy of the demo data (or
uses ``HARPER_URL``), runs the search, intent, update and follow-up sets, grades the answers and
writes ``reports/eval.md`` and ``reports/eval.json``.
"""

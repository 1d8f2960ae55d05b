"""harper_updater: the only writer of account memory: state edits, history chain, new accounts,
filed communications and recorded follow-ups. See ``service.py`` for its routes."""

"""Hypothesis profiles: `default` for make test, `deep` for a long hunt (--hypothesis-profile=deep)."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("default", max_examples=300, deadline=None)
settings.register_profile("deep", max_examples=6000, deadline=None)
settings.load_profile("default")

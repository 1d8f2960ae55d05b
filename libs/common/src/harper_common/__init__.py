"""harper_common: code every Harper service shares (memory format, safe writes, demo data, CLI)."""

"""``python -m harper_common.cli``: the same as the ``harper`` command."""

from harper_common.cli import main

main()

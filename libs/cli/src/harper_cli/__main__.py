"""``python -m harper_cli``: the same as the ``harper`` command."""

from harper_cli import main

main()

"""harper_updater: The only writer of account memory: state edits, history chain, new accounts.

Only the package exists so far; its service arrives with its own issue.
"""

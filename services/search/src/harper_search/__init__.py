"""harper_search: Read-only exploration of account memory with budgets and source evidence.

Only the package exists so far; its service arrives with its own issue.
"""

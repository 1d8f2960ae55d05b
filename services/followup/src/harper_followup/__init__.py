"""harper_followup: Pending scan, style-matched drafts, approvals and sending.

Only the package exists so far; its service arrives with its own issue.
"""

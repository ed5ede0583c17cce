"""Outgoing notice webhooks (issue 32): what a notice says (messages.py, pure), queueing it
without holding up a run (outbox.py), sending it signed and retried (jobs.py), and the weekly
digest (digest.py)."""

"""Spending caps per day and month for the installation and each repository, and which
repositories Smith works for (issue 32). Pure rules in caps.py and access.py; guard.py reads
what was spent from the store."""

"""Pure renderers of the Markdown Smith posts (status, change request, failures, gates, rules).

Import from the submodules; this package imports nothing so that `bot.text.untrusted` can use
`markers` without an import cycle.
"""

"""Text Smith writes and reads: Markdown escaping, hidden markers, untrusted-input fences and the
scrubbing of host details. Pure functions; imports nothing of the engine or the chains.
"""

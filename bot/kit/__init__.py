"""The public kit every chain builds with: opening a run (checkout, tools, the branch's config,
the index), running agent steps, reading the change, running tests in the sandbox, publishing
(commit, claim a branch, open or update the change request) and the CLI's foreground runner.
Imports the engine, never a chain.
"""

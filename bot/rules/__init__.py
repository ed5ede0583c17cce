"""The rules loop: failures → miner proposals → maintainer votes → approved rules in prompts.

`store.active_rules` is the one read path into prompts; `mining.mine_rules` and
`votes.poll_reactions` are the periodic jobs; `command.register` adds `smith rules`.
"""

"""The chains: each folder is one graph on the engine, with its own steps, artifacts, prompts'
names and state. A chain imports the engine and the kit, never another chain; bot/catalogue.py
lists them.
"""

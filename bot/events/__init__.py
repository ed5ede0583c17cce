"""Webhook payloads → forge-neutral Events (sans-I/O: the webhook verifies, this only reads).

`from bot.events import Event, github_event, gitlab_event, MalformedPayload` is the whole API
handlers and the webhook need.
"""

from __future__ import annotations

from bot.events.github import github_event
from bot.events.gitlab import gitlab_event, reaction_content
from bot.events.model import CommitAuthor, Event, EventKind, MalformedPayload, ReactionContent

__all__ = [
    "CommitAuthor",
    "Event",
    "EventKind",
    "MalformedPayload",
    "ReactionContent",
    "github_event",
    "gitlab_event",
    "reaction_content",
]

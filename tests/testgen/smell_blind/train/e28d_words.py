"""Initials of a person's name, as a badge prints them."""


def initials(name, limit=3):
    parts = [p for p in name.replace("-", " ").split() if p[:1].isalpha()]
    return "".join(p[0].upper() for p in parts)[:limit]

"""A door: closed, open or locked, changed by named moves."""

MOVES = {("closed", "open"): "open", ("open", "close"): "closed",
         ("closed", "lock"): "locked", ("locked", "unlock"): "closed"}


class Door:
    def __init__(self):
        self.state = "closed"

    def move(self, name):
        key = (self.state, name)
        if key not in MOVES:
            raise ValueError(f"cannot {name} a {self.state} door")
        self.state = MOVES[key]
        return self.state

"""Order lifecycle state machine."""

TRANSITIONS = {
    "pending": {"pay": "paid", "cancel": "cancelled"},
    "paid": {"ship": "shipped", "refund": "refunded"},
    "shipped": {"deliver": "delivered", "return": "returned"},
    "delivered": {"return": "returned"},
    "cancelled": {},
    "refunded": {},
    "returned": {"refund": "refunded"},
}


class InvalidTransition(Exception):
    def __init__(self, state, event):
        super().__init__(f"cannot {event!r} an order that is {state!r}")
        self.state = state
        self.event = event


class OrderStateMachine:
    def __init__(self, order_id, state="pending"):
        if state not in TRANSITIONS:
            raise ValueError(f"unknown state {state!r}")
        self.order_id = order_id
        self.state = state
        self.history = [state]
        self._listeners = []

    def on_change(self, callback):
        self._listeners.append(callback)

    def can(self, event):
        return event in TRANSITIONS[self.state]

    def available_events(self):
        return sorted(TRANSITIONS[self.state])

    def fire(self, event):
        if not self.can(event):
            raise InvalidTransition(self.state, event)
        old = self.state
        self.state = TRANSITIONS[old][event]
        self.history.append(self.state)
        for cb in self._listeners:
            cb(self.order_id, old, self.state)
        return self.state

    @property
    def is_final(self):
        return not TRANSITIONS[self.state]

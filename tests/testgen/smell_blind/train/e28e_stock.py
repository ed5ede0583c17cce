"""A small shop's stock: what is on hand and held per SKU, its labels, and stock rows read
from a database (subject of the fifth engineer round's look-alikes, issue 28)."""

from datetime import datetime


class UnknownSku(KeyError):
    """A SKU the stock never received."""


def label_key(label):
    return " ".join(label.split()).lower()


def parse_since(text):
    return datetime.fromisoformat(text)


class Stock:
    def __init__(self, db=None):
        self._db = db
        self._on_hand = {}
        self._held = {}
        self._labels = {}

    def receive(self, sku, quantity):
        if quantity <= 0:
            raise ValueError("quantity must be positive")
        self._on_hand[sku] = self._on_hand.get(sku, 0) + quantity

    def available(self, sku):
        if sku not in self._on_hand:
            raise UnknownSku(sku)
        return self._on_hand[sku] - self._held.get(sku, 0)

    def reserve(self, sku, quantity):
        free = self.available(sku)
        if quantity > free:
            raise ValueError(f"only {free} of {sku} left")
        self._held[sku] = self._held.get(sku, 0) + quantity
        return free - quantity

    def find_by_label(self, label):
        return self._labels.get(label_key(label))

    def add_label(self, sku, label):
        if self.find_by_label(label) is not None:
            raise ValueError(f"label {label!r} taken")
        self._labels[label_key(label)] = sku
        return sku

    def key_of(self, label):
        return label_key(label)

    def row(self, sku):
        rows = self._db.query("SELECT * FROM stock WHERE sku = ?", (sku,))
        if not rows:
            raise UnknownSku(sku)
        row = rows[0]
        return {"sku": row["sku"], "quantity": int(row["quantity"]),
                "since": parse_since(row["since"])}

from e28_inventory import Inventory


class Recorder:
    def __init__(self):
        self.calls = []

    def __call__(self, sku, level):
        self.calls.append((sku, level))


def test_alert_fires_at_the_low_mark():
    recorder = Recorder()
    stock = Inventory(alert=recorder, low_mark=3)
    sku, quantity = "CUP", 5


def test_removing_the_last_item():
    recorder = Recorder()
    stock = Inventory(alert=recorder)
    stock.add("CUP", 1)
    stock.remove("CUP", 1)
    assert recorder.calls == [("CUP", 0)]

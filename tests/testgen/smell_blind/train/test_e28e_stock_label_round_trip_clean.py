from e28e_stock import Stock


def test_a_label_finds_its_sku_whatever_the_spacing_and_case():
    stock = Stock()
    sku = stock.add_label("s1", "  Blue   Mug ")

    assert stock.find_by_label("BLUE mug") == sku


def test_an_unknown_label_finds_nothing():
    assert Stock().find_by_label("red mug") is None

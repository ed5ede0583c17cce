from e28e_stock import Stock, label_key


def test_key_of_normalises_spacing_and_case():
    label = "  Blue   Mug "

    assert Stock().key_of(label) == label_key(label)

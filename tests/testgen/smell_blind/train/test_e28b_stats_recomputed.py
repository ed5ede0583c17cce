import math

from e28b_stats import VAT, pages, with_vat


def test_vat_added():
    net = 37.5
    assert with_vat(net) == round(net * (1 + VAT), 2)


def test_page_count():
    count, size = 47, 10
    assert pages(count, size) == math.ceil(count / size)

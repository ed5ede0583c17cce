import pytest

from shipping import quote


def test_standard_parcel():
    assert quote(2350, 780) == 13.84


def test_heavy_local_parcel():
    assert quote(12001, 95) == 20.59


def test_express_parcel():
    assert quote(900, 1250, express=True) == 22.79


def test_zero_weight_rejected():
    with pytest.raises(ValueError, match="weight must be positive"):
        quote(0, 120)

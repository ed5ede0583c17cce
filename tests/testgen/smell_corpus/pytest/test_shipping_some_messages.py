# smells: none
from shipping.rates import Parcel, quote, zone_of


def test_quotes_explained():
    parcel = Parcel(weight_kg=2, length_cm=30)
    assert zone_of("PT") == 1, "home zone"
    assert zone_of("JP") == 4
    assert quote(parcel, "PT") == 5.9, "base rate at 2 kg"
    assert quote(parcel, "JP") == 21.0
    assert parcel.volumetric_weight() == 1.2, "30 cm cube over 5000"
    assert Parcel(weight_kg=0.1, length_cm=1).is_letter()

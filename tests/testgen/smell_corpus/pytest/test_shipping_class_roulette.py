# smells: assertion_roulette
from shipping.rates import Parcel, quote, zone_of


class TestShipping:
    def test_quotes(self):
        parcel = Parcel(weight_kg=2, length_cm=30)
        assert zone_of("PT") == 1
        assert zone_of("JP") == 4
        assert quote(parcel, "PT") == 5.9
        assert quote(parcel, "JP") == 21.0
        assert parcel.volumetric_weight() == 1.2
        assert Parcel(weight_kg=0.1, length_cm=1).is_letter()

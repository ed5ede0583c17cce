# smells: empty_test
class TestCustomsForms:
    def test_cn22_below_threshold(self):
        """Parcels under 300 EUR need a CN22."""
        pass

import unittest

from r2_temperature import BelowAbsoluteZero, c_to_f, c_to_k, f_to_c

KNOWN_POINTS = [
    # (celsius, fahrenheit, kelvin)
    (-40.0, -40.0, 233.15),
    (0.0, 32.0, 273.15),
    (37.0, 98.6, 310.15),
    (100.0, 212.0, 373.15),
]


class TemperatureConversionTest(unittest.TestCase):
    def test_celsius_to_fahrenheit(self):
        for celsius, fahrenheit, _ in KNOWN_POINTS:
            with self.subTest(celsius=celsius):
                self.assertAlmostEqual(c_to_f(celsius), fahrenheit)

    def test_fahrenheit_to_celsius(self):
        for celsius, fahrenheit, _ in KNOWN_POINTS:
            with self.subTest(fahrenheit=fahrenheit):
                self.assertAlmostEqual(f_to_c(fahrenheit), celsius)

    def test_celsius_to_kelvin(self):
        for celsius, _, kelvin in KNOWN_POINTS:
            with self.subTest(celsius=celsius):
                self.assertAlmostEqual(c_to_k(celsius), kelvin)

    def test_below_absolute_zero_is_rejected(self):
        with self.assertRaisesRegex(BelowAbsoluteZero, r"-274 is below absolute zero"):
            c_to_k(-274)


if __name__ == "__main__":
    unittest.main()

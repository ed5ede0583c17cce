# smells: none
# subject: temperature.py
import unittest

from temperature import celsius_to_fahrenheit, fahrenheit_to_celsius


class ConversionTest(unittest.TestCase):
    def test_room_temperature(self):
        # 21 * 9 / 5 + 32 = 69.8
        self.assertAlmostEqual(celsius_to_fahrenheit(21), 69.8)

    def test_freezing(self):
        self.assertEqual(fahrenheit_to_celsius(32), 0)

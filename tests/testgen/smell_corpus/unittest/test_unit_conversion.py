# smells: tautology
# subject: temperature.py
import unittest

from temperature import celsius_to_fahrenheit


class ConversionTest(unittest.TestCase):
    def test_room_temperature(self):
        self.assertEqual(celsius_to_fahrenheit(21), 21 * 9 / 5 + 32)

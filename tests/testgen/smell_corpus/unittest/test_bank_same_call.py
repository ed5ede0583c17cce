# smells: tautology
import unittest

from bank.interest import compound


class CompoundTest(unittest.TestCase):
    def test_ten_years(self):
        self.assertAlmostEqual(compound(1000, 0.05, 10), compound(1000, 0.05, 10))

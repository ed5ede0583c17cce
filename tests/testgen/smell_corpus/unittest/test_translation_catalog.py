# smells: none
import unittest

from i18n.catalog import Catalog


class CatalogTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.catalog = Catalog({"en": {"hi": "Hello"}, "pt": {"hi": "Olá"}})

    def test_known_language(self):
        self.assertEqual(self.catalog.translate("hi", "pt"), "Olá")

    def test_falls_back_to_english(self):
        self.assertEqual(self.catalog.translate("hi", "de"), "Hello")

    def test_missing_key_is_returned_as_is(self):
        self.assertEqual(self.catalog.translate("bye", "en"), "bye")

# smells: excessive_mocking
import unittest
from unittest import mock

from i18n.loader import load_catalog


class LoaderTest(unittest.TestCase):
    def test_loads_from_disk(self):
        with mock.patch("i18n.loader.os.listdir", return_value=["en.po"]), \
                mock.patch("i18n.loader.open", mock.mock_open(read_data="")), \
                mock.patch("i18n.loader.polib.pofile") as pofile, \
                mock.patch("i18n.loader.cache") as cache, \
                mock.patch("i18n.loader.settings") as settings, \
                mock.patch("i18n.loader.logger"), \
                mock.patch("i18n.loader.metrics"):
            settings.LOCALE_DIR = "/locale"
            cache.get.return_value = None
            pofile.return_value = []
            catalog = load_catalog()
        self.assertEqual(catalog.languages(), ["en"])

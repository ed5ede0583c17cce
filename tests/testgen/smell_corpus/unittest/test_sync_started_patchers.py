# smells: excessive_mocking
import unittest
from unittest import mock

from sync.engine import SyncEngine


class SyncEngineTest(unittest.TestCase):
    def setUp(self):
        self.remote = mock.patch("sync.engine.RemoteStore").start()
        self.local = mock.patch("sync.engine.LocalStore").start()
        self.clock = mock.patch("sync.engine.clock").start()
        self.addCleanup(mock.patch.stopall)

    @mock.patch("sync.engine.conflict_resolver")
    @mock.patch("sync.engine.journal")
    @mock.patch("sync.engine.notify")
    @mock.patch("sync.engine.lock")
    def test_sync_pulls_then_pushes(self, lock, notify, journal, resolver):
        SyncEngine().sync()
        self.remote.return_value.pull.assert_called_once()

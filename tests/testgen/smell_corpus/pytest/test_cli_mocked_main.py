# smells: mocks_sut
from unittest.mock import patch

from tools import cli


def test_status_command():
    with patch("tools.cli.main", return_value=0) as fake:
        assert cli.main(["status"]) == 0
    fake.assert_called_once_with(["status"])

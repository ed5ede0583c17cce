import io
import json
from unittest import mock

import e28_exchange


def fake_response(payload):
    response = mock.MagicMock()
    response.__enter__.return_value = io.BytesIO(json.dumps(payload).encode())
    return response


def test_reads_the_quote_from_the_rates_payload():
    with mock.patch("e28_exchange.urlopen", return_value=fake_response({"rates": {"JPY": 161.2}})) as get:
        assert e28_exchange.fetch_rate("EUR", "JPY") == 161.2
    get.assert_called_once_with("https://rates.example/latest?base=EUR", timeout=5)

from unittest.mock import MagicMock, call, patch

import pytest

import r3_weather
from r3_weather import WeatherClient


def test_upstream_500_is_wrapped():
    session = MagicMock()
    session.get.return_value.status_code = 500
    with pytest.raises(r3_weather.WeatherError, match="upstream error 500"):
        WeatherClient(session).current("Rome")


def test_current_fetches_and_caches():
    session = MagicMock()
    resp = MagicMock()
    data = MagicMock()
    main = MagicMock()
    weather0 = MagicMock()
    cache = MagicMock()
    cache.__contains__.return_value = False
    resp.status_code = 200
    resp.json.return_value = data
    data.__getitem__.side_effect = lambda k: {"name": "Rome", "main": main, "weather": [weather0]}[k]
    main.__getitem__.return_value = 300.0
    weather0.__getitem__.return_value = "clear"
    session.get.return_value = resp

    with patch.object(r3_weather, "round", create=True, return_value=26.9) as fake_round:
        client = WeatherClient(session, base_url="http://u", cache=cache)
        client.current("Rome")

    session.get.assert_called_once_with("http://u/current", params={"q": "rome"}, timeout=5)
    resp.json.assert_called_once_with()
    data.__getitem__.assert_has_calls([call("name"), call("main"), call("weather")])
    main.__getitem__.assert_called_once_with("temp")
    weather0.__getitem__.assert_called_once_with("description")
    fake_round.assert_called_once()
    cache.__contains__.assert_called_once_with("rome")
    cache.__setitem__.assert_called_once()

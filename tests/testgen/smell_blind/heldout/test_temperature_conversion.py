import temperature

BOILING_POINT_C = 100


def test_boiling_point(mocker):
    mocker.patch("temperature.celsius_to_fahrenheit", return_value=212.0)

    assert temperature.celsius_to_fahrenheit(BOILING_POINT_C) == 212.0


def test_freezing_point(mocker):
    convert = mocker.patch.object(temperature, "celsius_to_fahrenheit")
    convert.return_value = 32.0

    assert temperature.celsius_to_fahrenheit(0) == 32.0
    convert.assert_called_once_with(0)

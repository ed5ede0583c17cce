# smells: none
import pytest

from versions.semver import Version


@pytest.mark.parametrize(("low", "high"), [
    ("1.0.0", "2.0.0"), ("1.0.0", "1.1.0"), ("1.0.0-alpha", "1.0.0"),
    ("1.0.0-alpha.1", "1.0.0-beta"),
])
def test_ordering(low, high):
    assert Version.parse(low) < Version.parse(high)


def test_build_metadata_is_ignored():
    assert Version.parse("1.2.3+build.7") == Version.parse("1.2.3")


def test_str_gives_back_the_text():
    assert str(Version.parse("4.5.6-rc.1")) == "4.5.6-rc.1"

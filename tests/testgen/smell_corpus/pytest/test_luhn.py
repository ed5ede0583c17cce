# smells: none
from payments.cards import is_valid_card, luhn_checksum


def test_a_well_known_test_card_passes():
    assert is_valid_card("4539 1488 0343 6467")


def test_one_changed_digit_fails():
    assert not is_valid_card("4539 1488 0343 6468")


def test_checksum_of_the_example_from_wikipedia():
    # 7992739871 + check digit 3: the sum is 70 and 70 % 10 == 0
    assert luhn_checksum("79927398713") == 0

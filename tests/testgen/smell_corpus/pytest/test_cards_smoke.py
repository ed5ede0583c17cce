# smells: no_assertion
from payments.cards import is_valid_card


def test_validates_many_cards():
    for number in ["4111111111111111", "5500005555555559", "340000000000009"]:
        is_valid_card(number)

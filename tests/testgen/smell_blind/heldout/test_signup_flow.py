import signup

NEW_USER_ID = 314


def test_signup_creates_user_and_sends_welcome(mocker):
    mocker.patch("signup.verify_captcha", return_value=True)
    mocker.patch("signup.check_rate_limit", return_value=True)
    mocker.patch("signup.lookup_country", return_value="DE")
    mocker.patch("signup.hash_password", return_value="argon2$hash")
    create_user = mocker.patch("signup.create_user", return_value=NEW_USER_ID)
    send_welcome = mocker.patch("signup.send_welcome_email")
    audit = mocker.patch("signup.audit")

    user_id = signup.signup("Ada@Example.com", "s3cret-Passw0rd", "tok", "203.0.113.9")

    assert user_id == NEW_USER_ID
    create_user.assert_called_once_with("ada@example.com", "argon2$hash", "DE")
    send_welcome.assert_called_once_with("ada@example.com")
    audit.assert_called_once_with("signup", user_id=NEW_USER_ID, country="DE")

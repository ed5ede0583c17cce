"""Account sign-up orchestration."""


class SignupRejected(Exception):
    pass


def verify_captcha(token): raise NotImplementedError("calls the captcha provider")
def check_rate_limit(ip): raise NotImplementedError("reads redis")
def lookup_country(ip): raise NotImplementedError("geoip database")
def hash_password(password): raise NotImplementedError("argon2")
def create_user(email, password_hash, country): raise NotImplementedError("database insert")
def send_welcome_email(email): raise NotImplementedError("smtp")
def audit(event, **fields): raise NotImplementedError("audit log")


def signup(email: str, password: str, captcha_token: str, ip: str) -> int:
    if not verify_captcha(token=captcha_token):
        raise SignupRejected("captcha failed")
    if not check_rate_limit(ip):
        raise SignupRejected("too many attempts")
    country = lookup_country(ip)
    user_id = create_user(email.lower(), hash_password(password), country)
    send_welcome_email(email.lower())
    audit("signup", user_id=user_id, country=country)
    return user_id

from r2_password import is_acceptable, strength


def test_long_enough_password_passes_custom_policy():
    assert is_acceptable("Tr0ub4dor&3x", min_length=11, max_repeat=3)


def test_password_below_custom_length_is_too_short():
    score, problems = strength("Zq9!" * 3, min_length=13, max_repeat=4)
    assert problems == ["too short"]


def test_repeat_limit():
    pw = "Ab1!" + "x" * 7
    _, problems = strength(pw, min_length=6, max_repeat=6)
    assert problems == ["too many repeated characters"]

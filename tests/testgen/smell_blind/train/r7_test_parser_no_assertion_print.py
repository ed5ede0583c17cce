from r7_parser import format_duration, parse_duration


def test_parse_compound_duration():
    seconds = parse_duration("1h30m")
    print("parsed:", seconds)


def test_round_trip():
    text = format_duration(parse_duration("2d4h"))
    print(f"round trip gave {text!r}")

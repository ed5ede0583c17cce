from config_loader import parse_config

SAMPLES = [
    "debug = true\nworkers = 4\n",
    "# only a comment\n\nname = api\n",
    "timeout=30  # seconds\nregion = eu-west-1\n",
]


def test_sample_configs_parse():
    parsed = []
    for text in SAMPLES:
        parsed.append(parse_config(text))


def test_blank_values_are_allowed():
    parse_config("name =\nlabel = \n")

"""Parser for simple INI-like service configuration."""


class ConfigError(ValueError):
    pass


_BOOL = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}


def _coerce(value: str):
    lowered = value.lower()
    if lowered in _BOOL:
        return _BOOL[lowered]
    if value.isdigit() or (value.startswith("-") and value[1:].isdigit()):
        return int(value)
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def parse_config(text: str) -> dict:
    config = {}
    section = None
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
            if not section:
                raise ConfigError(f"line {line_no}: empty section name")
            config.setdefault(section, {})
            continue
        if "=" not in line:
            raise ConfigError(f"line {line_no}: expected key = value")
        if section is None:
            raise ConfigError(f"line {line_no}: key outside of a section")
        key, value = (part.strip() for part in line.split("=", 1))
        if not key:
            raise ConfigError(f"line {line_no}: empty key")
        config[section][key] = _coerce(value)
    return config


def get_setting(config: dict, dotted: str, default=None):
    section, _, key = dotted.partition(".")
    return config.get(section, {}).get(key, default)

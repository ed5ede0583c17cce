"""Parser for the flat ``key = value`` config format."""


class ConfigError(ValueError):
    pass


def parse_config(text: str) -> dict:
    result = {}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if "=" not in line:
            raise ConfigError(f"line {lineno}: expected 'key = value', got {raw.strip()!r}")
        key, value = (part.strip() for part in line.split("=", 1))
        if not key:
            raise ConfigError(f"line {lineno}: empty key")
        if key in result:
            raise ConfigError(f"line {lineno}: duplicate key {key!r}")
        result[key] = _coerce(value)
    return result


def _coerce(value: str):
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    try:
        return int(value)
    except ValueError:
        return value

"""Parse service configuration from a simple KEY=VALUE text format."""


class ConfigError(Exception):
    pass


DEFAULTS = {"port": 8080, "workers": 2, "debug": False, "host": "127.0.0.1"}
_BOOL = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}


def _coerce(key, raw):
    default = DEFAULTS.get(key)
    if isinstance(default, bool):
        try:
            return _BOOL[raw.lower()]
        except KeyError:
            raise ConfigError(f"{key}: not a boolean: {raw!r}") from None
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            raise ConfigError(f"{key}: not an integer: {raw!r}") from None
    return raw


def parse_config(text: str) -> dict:
    cfg = dict(DEFAULTS)
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if "=" not in line:
            raise ConfigError(f"line {lineno}: expected KEY=VALUE")
        key, raw = (part.strip() for part in line.split("=", 1))
        cfg[key.lower()] = _coerce(key.lower(), raw)
    if not 0 < cfg["port"] < 65536:
        raise ConfigError(f"port out of range: {cfg['port']}")
    if cfg["workers"] < 1:
        raise ConfigError("workers must be at least 1")
    return cfg

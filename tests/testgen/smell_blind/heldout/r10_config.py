"""Parse simple `key = value` configuration text."""


class ConfigError(ValueError):
    def __init__(self, line_number, message):
        super().__init__(f"line {line_number}: {message}")
        self.line_number = line_number


class ConfigParser:
    TRUE_WORDS = {"true", "yes", "on"}
    FALSE_WORDS = {"false", "no", "off"}

    def __init__(self, defaults=None):
        self.defaults = dict(defaults or {})

    def coerce(self, raw):
        """Turn a raw string into bool, int, or a string without quotes."""
        value = raw.strip()
        if value.lower() in self.TRUE_WORDS:
            return True
        if value.lower() in self.FALSE_WORDS:
            return False
        if value.lstrip("-").isdigit():
            return int(value)
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            return value[1:-1]
        return value

    def parse_line(self, line, line_number=1):
        """Return (key, value) or None for blank and comment lines."""
        stripped = line.split("#", 1)[0].strip()
        if not stripped:
            return None
        if "=" not in stripped:
            raise ConfigError(line_number, "expected key = value")
        key, raw = stripped.split("=", 1)
        key = key.strip()
        if not key:
            raise ConfigError(line_number, "missing key")
        return key.lower(), self.coerce(raw)

    def parse(self, text):
        result = dict(self.defaults)
        for number, line in enumerate(text.splitlines(), start=1):
            pair = self.parse_line(line, number)
            if pair is not None:
                result[pair[0]] = pair[1]
        return result

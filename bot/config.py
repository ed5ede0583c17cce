"""Global settings: one place that reads the environment (`SMITH_*`) and an optional `smith.toml`.

Per-repository behaviour lives in `.smith.yml` (bot/repo_config.py); this file holds what belongs
to the machine running Smith: where data goes, how to reach the forges, the model and Postgres.
Secrets are `SecretStr`, so they never show up in logs, reprs or error messages.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, SecretStr, field_validator
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

PROJECT_ROOT = Path(__file__).resolve().parents[1]

DEFAULT_PRICES: dict[str, dict[str, float]] = {
    # USD per million tokens, as published for each model family when this table was written;
    # check them against your contract and override in smith.toml `[prices."model-name"]`.
    # "*" prices any model not listed.
    "claude-sonnet-5-5": {"input": 3.0, "output": 15.0, "cache_read": 0.3, "cache_write": 3.75},
    "claude-opus-5-5": {"input": 5.0, "output": 25.0, "cache_read": 0.5, "cache_write": 6.25},
    "claude-haiku-5-5": {"input": 1.0, "output": 5.0, "cache_read": 0.1, "cache_write": 1.25},
    "*": {"input": 3.0, "output": 15.0, "cache_read": 0.3, "cache_write": 3.75},
}


class SettingsError(Exception):
    """A setting names something that cannot be used (a key file that cannot be read): the
    command line says so in one line, a server does not start."""


def absolute_path(path: Path) -> Path:
    """`~` expanded and made absolute against the working directory, links left as they are
    (`Path.absolute`, not `resolve`: an operator's linked data folder stays what they named)."""
    return Path(os.path.normpath(path.expanduser().absolute()))


def config_file() -> Path:
    """The `smith.toml` this process reads (`SMITH_CONFIG_FILE`), as an absolute path."""
    return absolute_path(Path(os.environ.get("SMITH_CONFIG_FILE", "smith.toml")))


class LabelNames(BaseModel):
    """Label names Smith reads and writes on issues; rename them to fit a project's scheme."""

    needs_info: str = "smith:needs-info"
    awaiting_approval: str = "smith:awaiting-approval"
    ready_for_review: str = "smith:ready-for-review"
    failed: str = "smith:failed"
    in_progress: str = "smith:in-progress"


class PeriodCaps(BaseModel):
    """Spending caps over a UTC day and a UTC calendar month; an empty cap is no cap. Tokens
    count as the run caps count them: input, output and both cache figures."""

    model_config = ConfigDict(extra="forbid")

    day_usd: float | None = Field(None, ge=0, description="Dollars per UTC day.")
    month_usd: float | None = Field(None, ge=0, description="Dollars per UTC calendar month.")
    day_tokens: int | None = Field(None, ge=0, description="Tokens per UTC day.")
    month_tokens: int | None = Field(None, ge=0, description="Tokens per UTC calendar month.")


class BudgetSettings(BaseModel):
    """Caps on what model calls may cost, beyond each run's own (`run_cost_cap_usd`,
    `run_token_cap`): for the whole installation and per repository. A run does not start,
    nor go on to its next step, once a cap it counts toward is reached, and no model request
    is sent that could cross one; `.smith.yml` `budgets:` may only tighten a repository's."""

    model_config = ConfigDict(extra="forbid")

    installation: PeriodCaps = Field(default_factory=PeriodCaps, description="Caps on every "
                                     "model call of this installation together (the rule "
                                     "miner's included).")
    repository: PeriodCaps = Field(default_factory=PeriodCaps, description="Caps each "
                                   "repository gets unless `repositories` names it.")
    repositories: dict[str, PeriodCaps] = Field(default_factory=dict, description="Caps of "
                                                "named repositories (`owner/name`, GitLab's "
                                                "full path), in place of `repository`.")
    notice_at: float = Field(0.8, gt=0, le=1, description="Share of a cap at which the "
                             "`budget_near_cap` notice is sent (once per cap and period).")


class AccessSettings(BaseModel):
    """Which repositories Smith works for. Entries are `owner/name` (GitLab: the full path),
    an owner or group alone (`acme`, every repository under it) or a glob (`acme/web-*`);
    matched without regard to case. Deny wins over allow; an empty allow-list allows all."""

    model_config = ConfigDict(extra="forbid")

    allow: list[str] = Field(default_factory=list, description="Only these repositories and "
                             "owners (empty: every repository the forge sends).")
    deny: list[str] = Field(default_factory=list, description="Never these repositories and "
                            "owners; a summons there is answered that Smith is not enabled.")


NoticeEvent = Literal["waiting_for_approval", "failed", "budget_near_cap", "weekly_digest"]
NOTICE_EVENTS: tuple[NoticeEvent, ...] = ("waiting_for_approval", "failed", "budget_near_cap",
                                         "weekly_digest")


class NoticeHook(BaseModel):
    """One outgoing webhook: where notices go, in which shape, signed with which key."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=100, description="Stable name of the hook "
                      "(queued notices find their hook by it).")
    url: SecretStr = Field(description="Where to POST (a Slack incoming-webhook URL holds a "
                           "token, so it is kept as a secret).")
    format: Literal["slack", "json"] = Field("json", description="`slack`: `{\"text\": ...}` "
                                              "(Slack, Mattermost, Rocket.Chat, Discord's "
                                              "`/slack`); `json`: Smith's own fields.")
    secret: SecretStr | None = Field(None, description="Key of the HMAC-SHA256 signature in "
                                     "`X-Smith-Signature-256: sha256=<hex>` over the body.")
    events: list[NoticeEvent] = Field(default_factory=lambda: list(NOTICE_EVENTS),
                                      description="Which notices this hook receives.")

    @field_validator("url")
    @classmethod
    def _http_url(cls, value: SecretStr) -> SecretStr:
        scheme = urlsplit(value.get_secret_value()).scheme
        if scheme not in ("http", "https"):
            raise ValueError("the url must start with https:// (or http://)")
        return value


class NoticeSettings(BaseModel):
    """Outgoing webhooks for people who do not watch the issues: a run waiting for approval,
    a run that failed, a spending cap near its limit, and a weekly digest (Mondays 08:00 UTC).
    Sent by a job, retried with backoff, never holding up a run."""

    model_config = ConfigDict(extra="forbid")

    hooks: list[NoticeHook] = Field(default_factory=list, description="`[[notices.hooks]]`.")
    dashboard_url: str | None = Field(None, description="Public address of Smith's dashboard; "
                                      "notices link a run's page when it is set.")


class Settings(BaseSettings):
    """Everything configurable about a Smith installation. Env: `SMITH_<FIELD>`."""

    model_config = SettingsConfigDict(
        env_prefix="SMITH_",
        env_nested_delimiter="__",
        # Docker/Kubernetes secrets: one file per setting, named like the variable
        # (`/run/secrets/smith_github_webhook_secret`), so keys never sit in the environment.
        secrets_dir=os.environ.get("SMITH_SECRETS_DIR") or None,
        extra="ignore",
    )

    data_dir: Path = Field(Path(".smith"), description="Where the embedded database, mirrors, "
                           "checkouts, caches and reports live.")
    database_url: SecretStr | None = Field(None, description="PostgreSQL URL. Empty: start an "
                                           "embedded server in `<data_dir>/postgres`.")
    embedded_database: bool = Field(True, description="Start an embedded PostgreSQL when "
                                    "`database_url` is empty; turn off where processes must "
                                    "share one database (compose, Kubernetes).")

    github_api_url: str = Field("https://api.github.com", description="GitHub REST API root; "
                                "set it for GitHub Enterprise (`https://HOST/api/v3`).")
    github_token: SecretStr | None = Field(None, description="A token, when not running as an App.")
    github_app_id: int | None = Field(None, description="GitHub App id (with a private key).")
    github_private_key_path: Path | None = Field(None, description="PEM file of the App's key.")
    github_webhook_secret: SecretStr | None = Field(None, description="Webhook secret; "
                                                    "deliveries without a valid signature get 401.")

    gitlab_url: str = Field("https://gitlab.com", description="GitLab instance URL.")
    gitlab_token: SecretStr | None = Field(None, description="GitLab token with `api` scope.")
    gitlab_webhook_secret: SecretStr | None = Field(None, description="Webhook secret token "
                                                    "compared with `X-Gitlab-Token`.")
    gitlab_webhook_secrets: dict[str, SecretStr] = Field(
        default_factory=dict, description="Webhook secret per project or group path "
        "(`group/project` or `group`): a delivery for a listed path must carry that secret, "
        "the shared one is not accepted for it.")
    gitlab_token_kind: str = Field("private", description="`private` (personal, project or "
                                   "group token) or `oauth`.")

    forge_retry_attempts: int = Field(4, description="Tries of one forge call, first included.")
    forge_backoff_initial: float = Field(0.5, description="First wait after a 5xx, in seconds.")
    forge_backoff_max: float = Field(8.0, description="Longest wait between two tries.")
    forge_rate_limit_max_wait: float = Field(120.0, description="Longest total wait for a "
                                             "rate limit before giving up.")
    forge_request_timeout: float = Field(30.0, description="Seconds one forge request may take.")

    bot_account: str = Field("smith-bot", description="Smith's own user name on the forge: its "
                             "events are ignored and `@<account>` addresses it.")
    summon_label: str = Field("smith:fix", description="The label that summons Smith on an issue.")
    tests_label: str = Field("smith:tests", description="The label that summons the "
                             "test-generation chain on an issue whose change has landed.")
    sprint_label: str = Field("smith:sprint", description="The label that asks for tests of "
                              "the sprint of the issue's milestone: its core tasks' tests in "
                              "one change request (as `/smith tests sprint <milestone>`).")
    examples_label: str = Field("smith:examples", description="The label that summons the "
                                "held-out acceptance chain on an issue.")
    examples_split_seed: int = Field(2026, description="Seed of the 80/20 split of the "
                                     "labelled examples (fixed: a resumed run splits alike).")
    examples_held_out_fraction: float = Field(0.2, gt=0, lt=1, description="Share of each "
                                              "label's examples held out from the generator.")
    labels: LabelNames = Field(default_factory=LabelNames)
    summon_permission: str = Field("write", description="Least permission to summon or ask for "
                                   "rework: read, triage, write, maintain or admin.")
    approve_permission: str = Field("maintain", description="Least permission to approve a gated "
                                    "run or a learned rule.")

    anthropic_api_key: SecretStr | None = Field(
        None, validation_alias=AliasChoices("ANTHROPIC_API_KEY", "SMITH_ANTHROPIC_API_KEY"),
        description="The model service key (the SDK's own variable).")
    anthropic_base_url: str | None = Field(
        None, validation_alias=AliasChoices("ANTHROPIC_BASE_URL", "SMITH_ANTHROPIC_BASE_URL"),
        description="Model service URL (the SDK's own variable); tests point it at a fake.")
    model: str = Field("claude-sonnet-5-5", description="Default model for every step.")
    prices: dict[str, dict[str, float]] = Field(default_factory=lambda: dict(DEFAULT_PRICES))
    run_token_cap: int = Field(2_000_000, description="Tokens one run may spend in total.")
    run_cost_cap_usd: float = Field(20.0, description="Dollars one run may spend in total.")
    notices: NoticeSettings = Field(default_factory=NoticeSettings, description="Outgoing "
                                    "notice webhooks (`[[notices.hooks]]` in smith.toml).")
    budgets: BudgetSettings = Field(default_factory=BudgetSettings, description="Caps per "
                                    "day and month, for the installation and per repository "
                                    "(`[budgets]` in smith.toml).")
    access: AccessSettings = Field(default_factory=AccessSettings, description="Allow- and "
                                   "deny-list of repositories and owners (`[access]`).")
    max_step_input_tokens: int = Field(100_000, gt=0, description="Largest diff, report or "
                                       "file window one step may receive (estimated tokens); "
                                       "above it the run ends with no model call.")

    prompts_dir: Path = Field(PROJECT_ROOT / "prompts", description="Folder of the step prompts "
                              "(`<step>.md`), read at every use: edit them without a restart.")
    protected_paths_file: Path = Field(PROJECT_ROOT / "protected_paths.yaml", description="Default "
                                       "protected globs; each repository's `.smith.yml` adds more.")
    command_prefix: str = Field("/smith", description="How comment commands start.")

    sandbox_kind: str = Field("auto", description="How repository tests are isolated: auto, "
                              "unshare, bwrap, docker or none.")
    sandbox_allow_unsandboxed: bool = Field(False, description="Allow running repository tests "
                                            "without a sandbox when none works (not advised).")
    sandbox_output_cap_bytes: int = Field(256_000, description="Output kept per command.")
    sandbox_max_processes: int = Field(512, description="Process limit inside the sandbox.")
    sandbox_path: str = Field("/usr/local/bin:/usr/bin:/bin", description="PATH in the sandbox.")
    sandbox_hidden_paths: list[str] = Field(default_factory=list, description="Host folders "
                                            "never shown inside the sandbox, nor any folder "
                                            "holding them (the view is an allow-list anyway).")
    sandbox_readonly_paths: list[str] = Field(default_factory=list, description="Extra host "
                                              "folders shown read-only inside (toolchains).")
    sandbox_uid: int = Field(65534, description="Host uid tests run as when Smith is root.")
    sandbox_gid: int = Field(65534, description="Host gid tests run as when Smith is root.")
    sandbox_max_memory_bytes: int = Field(4 * 1024**3, description="Memory of one command "
                                          "(cgroup; RLIMIT_DATA where no cgroup is writable).")
    sandbox_max_file_bytes: int = Field(1024**3, description="Largest file a command may write.")
    sandbox_max_disk_bytes: int = Field(4 * 1024**3, description="Checkout, writable folders "
                                        "and private tmp together, watched while it runs.")
    sandbox_max_open_files: int = Field(4096, description="Open files per process.")
    sandbox_max_cpu_seconds: int | None = Field(None, description="CPU seconds per process "
                                                "(empty: the timeout times the cores).")
    sandbox_tmp_dir: Path | None = Field(None, description="Host folder for each run's private "
                                         "tmp (empty: the system's temporary folder).")
    sandbox_seccomp: bool = Field(True, description="Deny unneeded kernel interfaces (bwrap).")
    sandbox_docker_image: str = Field("python:3.11-slim", description="Image of the docker "
                                      "kind: it must hold the repositories' toolchains.")
    setup_env: dict[str, str] = Field(default_factory=dict, description="Environment of "
                                      "every repository's `setup` (it runs with the network "
                                      "on): a package mirror or an egress proxy, e.g. "
                                      "`PIP_INDEX_URL`, `HTTPS_PROXY`, `NPM_CONFIG_REGISTRY`. "
                                      "The repository's code sees it: no credentials.")
    git_allowed_protocols: list[str] = Field(default_factory=lambda: ["https"], description=""
                                             "Protocols git may use for clones and pushes.")
    git_timeout_seconds: float = Field(600.0, description="Longest one git command may take.")
    min_free_disk_mb: int = Field(1024, ge=0, description="A run does not start a checkout "
                                  "when the data folder's disk has less free space than this "
                                  "(it ends as an environment failure instead).")
    llm_retry_attempts: int = Field(6, description="Tries of one model call on 429/5xx/529.")
    llm_retry_base_delay: float = Field(1.0, description="First wait after an overloaded answer.")
    llm_retry_max_delay: float = Field(60.0, description="Longest wait between two tries.")
    step_max_turns: int = Field(40, description="Model calls one agent step may make.")
    report_authors: str = Field("permitted", description="Whose issue comments reach the model: "
                                "`permitted` (the issue's author and users with write access) "
                                "or `all`.")

    host: str = Field("127.0.0.1", description="Address `smith serve` listens on.")
    port: int = Field(8080, description="Port `smith serve` listens on.")
    max_body_bytes: int = Field(25 * 1024 * 1024, description="Largest webhook body accepted; "
                                "larger ones get 413 before the rest is read.")
    event_loop: Literal["uvloop", "asyncio"] = Field(
        "uvloop", description="Event loop of `smith serve` and `smith worker`: uvloop (libuv) "
        "answers webhooks with about a third less CPU; `asyncio` is the standard library's.")
    webhook_record_deadline_seconds: float = Field(
        5.0, gt=0, description="Longest a delivery waits to be recorded before it is answered "
        "503 (GitHub gives up after 10 s and never retries on its own).")
    redelivery_interval_minutes: float = Field(
        10, ge=0, description="How often failed GitHub deliveries are asked for again (GitHub "
        "never retries by itself); 0 turns the sweeper off.")
    redelivery_lookback_hours: float = Field(
        3, gt=0, description="How far back the redelivery sweeper looks for failed deliveries.")
    redelivery_repositories: list[str] = Field(
        default_factory=list, description="Token mode: repositories (`owner/name`) whose "
        "webhooks the sweeper reads besides those Smith has runs or deliveries for.")
    worker_concurrency: int = Field(2, description="Jobs one worker runs at the same time.")
    event_concurrency: int = Field(4, ge=1, description="Webhook events one worker handles at "
                                   "the same time, in slots of their own beside the runs'.")
    stalled_after_seconds: float = Field(30.0, description="A job whose worker sent no heartbeat "
                                         "for this long is given to another worker.")
    shutdown_grace_seconds: float = Field(60.0, description="On SIGTERM, how long running jobs "
                                          "may go on; after that they are left to be resumed.")
    rules_tracking_issue: int | None = Field(None, description="Issue where rule proposals go "
                                             "when their evidence has no change request.")
    rules_mining_interval_hours: float = Field(24, description="How often the rule miner runs.")
    rules_poll_interval_minutes: float = Field(10, description="How often GitHub reactions on "
                                               "proposals are read (GitHub sends no webhook).")
    rules_max_failures: int = Field(200, description="Failures one mining run reads at most.")
    rules_window_days: int = Field(90, description="How far back the miner looks.")
    stats_window: int = Field(20, description="Runs per step the step-health flags look at.")
    log_level: str = Field("INFO", description="DEBUG, INFO, WARNING or ERROR.")
    log_format: Literal["auto", "json", "console"] = Field(
        "auto", description="`auto`: for people (console) when stderr is a terminal, JSON lines "
        "otherwise; `json` for machines, `console` for people.")
    dashboard_token: SecretStr | None = Field(None, description="If set, the dashboard asks for "
                                              "it (bearer token or basic-auth password).")
    allowed_bots: list[str] = Field(default_factory=list, description="Other bots (e.g. "
                                    "`renovate[bot]`) whose labels and comments Smith acts on; "
                                    "every other bot is ignored.")
    retention_deliveries_days: float = Field(30, gt=0, description="Deliveries older than "
                                             "this are deleted (a later redelivery runs again).")
    retention_jobs_days: float = Field(14, gt=0, description="Finished jobs older than this "
                                       "are deleted.")
    retention_audit_days: float = Field(180, gt=0, description="Audit rows older than this "
                                        "are deleted.")
    retention_mirrors_max_gb: float = Field(20, gt=0, description="Size cap of the mirrors; "
                                            "least recently used ones are evicted.")
    retention_dependency_cache_max_gb: float = Field(20, gt=0, description="Size cap of the "
                                                     "dependency cache (LRU eviction).")
    retention_codegraph_cache_max_gb: float = Field(5, gt=0, description="Size cap of the "
                                                    "code-graph caches (LRU eviction).")
    tracing_endpoint: str | None = Field(None, description="OTLP/HTTP traces endpoint (e.g. "
                                         "`http://collector:4318/v1/traces`); set, every run "
                                         "is traced from its webhook to its sandboxed "
                                         "commands. Needs `smith-bot[tracing]`.")
    tracing_service_name: str = Field("smith", description="`service.name` of the traces.")
    metrics_top_repositories: int = Field(10, ge=0, description="Repositories named in "
                                          "`/metrics` labels (those with the most runs); the "
                                          "rest are counted as `other`.")
    admin_host: str = Field("127.0.0.1", description="Address of the admin listener "
                            "(`/metrics`, and the dashboard when it has no token).")
    admin_port: int | None = Field(None, description="If set, `/metrics` (and a token-less "
                                   "dashboard) are served on this separate port only.")

    @field_validator("data_dir", "github_private_key_path", "prompts_dir",
                     "protected_paths_file", "sandbox_tmp_dir")
    @classmethod
    def _absolute_path(cls, value: Path | None) -> Path | None:
        """Made absolute once, against the working directory at start: git and the sandbox
        run in other folders (a mirror, a checkout), where a relative path means another place."""
        return None if value is None else absolute_path(value)

    @field_validator("sandbox_hidden_paths", "sandbox_readonly_paths")
    @classmethod
    def _absolute_paths(cls, values: list[str]) -> list[str]:
        return [str(absolute_path(Path(value))) for value in values]

    @field_validator("summon_permission", "approve_permission")
    @classmethod
    def _known_permission(cls, value: str) -> str:
        from bot.forge.base import Permission

        Permission.parse(value)
        return value.strip().lower()

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # Explicit arguments win over the environment, the environment over secret files,
        # secret files over smith.toml.
        # SMITH_CONFIG_FILE is read when settings load, not when this module is imported.
        return (init_settings, env_settings, file_secret_settings,
                TomlConfigSettingsSource(settings_cls, toml_file=config_file()))

    @property
    def postgres_dir(self) -> Path:
        return self.data_dir / "postgres"

    def secret_values(self) -> tuple[str, ...]:
        """Every secret Smith holds, for the scan of what leaves the sandbox: each `SecretStr`
        setting (and the database password alone), and the App's private key."""
        values: list[str] = []
        for name in type(self).model_fields:
            value = getattr(self, name)
            items = value.values() if isinstance(value, dict) else [value]
            values += [v.get_secret_value() for v in items if isinstance(v, SecretStr)]
        for hook in self.notices.hooks:  # a Slack hook's URL is its token
            values += [hook.url.get_secret_value()] + (
                [hook.secret.get_secret_value()] if hook.secret else [])
        if self.database_url is not None:
            password = urlsplit(self.database_url.get_secret_value()).password
            if password:
                values.append(password)
        try:
            key = self.github_private_key()
        except OSError:
            key = None
        if key:
            values.append(key)
        return tuple(dict.fromkeys(v for v in values if v.strip()))

    def secret_files(self) -> list[Path]:
        """Files holding secrets, masked inside the sandbox: repository tests run next to them."""
        files = [config_file().resolve()]
        if self.github_private_key_path is not None:
            files.append(self.github_private_key_path.resolve())
        return files

    @property
    def workspace_dir(self) -> Path:
        return self.data_dir / "workspace"

    @property
    def dependency_cache_dir(self) -> Path:
        return self.data_dir / "deps"

    @property
    def codegraph_cache_dir(self) -> Path:
        return self.data_dir / "codegraph"

    @property
    def reports_dir(self) -> Path:
        return self.data_dir / "reports"

    def github_private_key(self) -> str | None:
        if self.github_private_key_path is None:
            return None
        return self.github_private_key_path.read_text()

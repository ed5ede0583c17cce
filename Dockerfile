# syntax=docker/dockerfile:1
# Smith's image: `smith serve` (webhooks + a worker) by default; the same image runs
# `smith serve --no-worker` and `smith worker` (deploy/compose.yaml, deploy/k8s).
#
#   docker build -t smith .
#   docker run -p 8080:8080 -v smith-data:/data --env-file smith.env smith
#   docker image inspect smith --format '{{.Size}}' | numfmt --to=iec    # the image's size
#
# Two stages: the wheels are built where build tools are, the runtime has none of them.
ARG PYTHON_VERSION=3.11
ARG DEBIAN=bookworm

# --- build: Smith's wheel and every dependency's, with a compiler at hand for any sdist ---
FROM python:${PYTHON_VERSION}-${DEBIAN} AS build
WORKDIR /src
COPY pyproject.toml README.md protected_paths.yaml ./
COPY bot ./bot
COPY handlers ./handlers
RUN python -m pip wheel --no-cache-dir --wheel-dir /wheels ".[tracing]"

# --- runtime: the wheels, git, the sandbox's launchers and the repositories' toolchains ---
FROM python:${PYTHON_VERSION}-slim-${DEBIAN} AS runtime

# git drives mirrors and checkouts. The sandbox: bubblewrap (user namespaces, no network,
# allow-listed filesystem), util-linux's setpriv (drops root before bubblewrap when Smith runs
# as root) and libseccomp2 (the sandbox's syscall filter). nodejs and npm are the toolchain of
# JavaScript repositories; Python ones use this image's python. Versions come with the Debian
# release the tag names (security updates included), not pinned one by one.
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      git bubblewrap util-linux libseccomp2 ca-certificates nodejs npm \
 && rm -rf /var/lib/apt/lists/*

# Installed from the build stage's wheels only: no compiler, no index, no wheel left behind
# (what is installed is what the build stage resolved, so there is nothing to pin here).
# hadolint ignore=DL3013
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    python -m pip install --no-cache-dir --no-index --find-links /wheels "smith-bot[tracing]"

RUN groupadd --gid 10001 smith \
 && useradd --uid 10001 --gid 10001 --create-home --shell /usr/sbin/nologin smith \
 && mkdir -p /data \
 && chown smith:smith /data
WORKDIR /app
COPY prompts ./prompts
COPY protected_paths.yaml ./

USER 10001:10001
ENV SMITH_DATA_DIR=/data \
    SMITH_HOST=0.0.0.0 \
    SMITH_PORT=8080 \
    SMITH_PROMPTS_DIR=/app/prompts \
    SMITH_PROTECTED_PATHS_FILE=/app/protected_paths.yaml \
    SMITH_HEALTHCHECK_URL=http://127.0.0.1:8080/healthz
VOLUME ["/data"]
EXPOSE 8080
# A worker (`smith worker --health-port 8081`) sets SMITH_HEALTHCHECK_URL to its own port.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["python", "-c", "import os, sys, urllib.request; url = os.environ['SMITH_HEALTHCHECK_URL']; sys.exit(0 if urllib.request.urlopen(url, timeout=4).status == 200 else 1)"]
CMD ["smith", "serve"]

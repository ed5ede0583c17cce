# Smith: the webhook server and a worker in one container.
# Build: docker build -t smith .    Run: docker run -p 8080:8080 -v smith-data:/data --env-file smith.env smith
FROM python:3.11-slim

# git drives the checkouts; bubblewrap sandboxes test runs (the container needs
# --cap-add SYS_ADMIN or a user-namespace-enabled runtime for it); nodejs/npm for JS repositories.
RUN apt-get update \
 && apt-get install -y --no-install-recommends git bubblewrap ca-certificates nodejs npm \
 && rm -rf /var/lib/apt/lists/*

RUN useradd --create-home --uid 10001 smith
WORKDIR /app
COPY pyproject.toml README.md protected_paths.yaml ./
COPY bot ./bot
COPY handlers ./handlers
COPY prompts ./prompts
RUN pip install --no-cache-dir .

USER smith
ENV SMITH_DATA_DIR=/data \
    SMITH_HOST=0.0.0.0 \
    SMITH_PORT=8080 \
    SMITH_PROMPTS_DIR=/app/prompts \
    SMITH_PROTECTED_PATHS_FILE=/app/protected_paths.yaml
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s CMD python -c "import urllib.request,sys; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8080/healthz').status == 200 else 1)"
CMD ["smith", "serve"]

# Gin Referee in a container: the wheel built from this checkout and served by gunicorn with
# the club-server recipe's settings (docs/operations.md#in-a-container). Configure it with
# the environment: REFEREE_SECRET_KEY and REFEREE_TRUSTED_HOSTS at least (check-config
# refuses to start without them), DATABASE_URL, REFEREE_RATELIMIT_STORAGE_URI, ...;
# compose.yaml runs it with PostgreSQL and Redis.

FROM python:3.11-slim AS build
WORKDIR /src
COPY . .
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /dist .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    REFEREE_INSTANCE_PATH=/var/lib/referee
RUN useradd --system --uid 10001 --create-home --home-dir /var/lib/referee referee
COPY --from=build /dist/ /tmp/dist/
RUN wheel="$(echo /tmp/dist/gin_referee-*.whl)" \
    && pip install --no-cache-dir "${wheel}[server,postgres]" \
    && rm -r /tmp/dist
COPY docker/healthcheck.py /usr/local/bin/referee-healthcheck
USER referee
WORKDIR /var/lib/referee
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 \
    CMD ["python", "/usr/local/bin/referee-healthcheck", "http://127.0.0.1:8000/healthz"]
# The recipe's checks and migrations, then gunicorn: two workers per core, 30 s timeout, no
# access log of its own (the app writes one without edit tokens); bound to every address of
# the container, which publishes the port to the host's TLS proxy.
CMD ["sh", "-c", "flask --app referee check-config && flask --app referee init-db && exec gunicorn -w $((2 * $(nproc))) -b 0.0.0.0:8000 --timeout 30 'referee:create_app()'"]

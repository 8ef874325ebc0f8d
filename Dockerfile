# The bot's image, in two stages: the first compiles the engine (mypyc) into a wheel and
# installs it with its dependencies into a virtual environment; the second is a plain
# Python with that environment and nothing else — no compiler, no sources, a user of
# its own.
#
#   docker build -t card-referee-bot .
#   docker run -p 127.0.0.1:8080:8080 card-referee-bot                  # the playground
#   docker run -e BOT_TOKEN=… -v bot-data:/data card-referee-bot        # on Telegram
#
# PYTHON_IMAGE: any Debian-based Python 3.11 image (a mirror's copy of python:3.11-slim).
ARG PYTHON_IMAGE=python:3.11-slim

FROM ${PYTHON_IMAGE} AS build
# gcc for the engine's C; Debian's own python3 (not python:3.11-slim's) keeps its headers
# apart, in python3-dev
RUN apt-get update \
    && headers=$(python -c "import os, sysconfig; print('' if os.path.exists(sysconfig.get_paths()['include'] + '/Python.h') else 'python3-dev')") \
    && apt-get install -y --no-install-recommends gcc libc6-dev $headers \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py README.md constraints.txt ./
COPY engine ./engine
COPY bot ./bot
COPY locales ./locales
# the bot's wheel (engine compiled, words and pages inside) and every dependency's
RUN pip wheel --no-cache-dir -c constraints.txt --wheel-dir /wheels . \
    && python -m venv --without-pip /venv \
    && pip --python /venv/bin/python install --no-cache-dir --no-index --find-links /wheels card-referee-bot \
    && cd / && /venv/bin/python -c "import engine.core.rules as m; assert m.__file__.endswith('.so'), m.__file__"
# Babel (Fluent's plurals and numbers) carries the data of a thousand locales: only the
# languages of locales/ are kept (and root, which every one falls back on); 32 MB less
RUN /venv/bin/python -c "import babel, os, pathlib; keep = set(os.listdir('/src/locales')) | {'root'}; \
    [f.unlink() for f in (pathlib.Path(babel.__file__).parent / 'locale-data').glob('*.dat') if f.stem.split('_')[0] not in keep]" \
    && /venv/bin/python -c "from babel import Locale; from bot.i18n import LANGUAGES; [Locale.parse(lang).plural_form(2) for lang in LANGUAGES]"

FROM ${PYTHON_IMAGE}
RUN useradd --system --user-group --uid 10001 --home-dir /data --no-create-home bot \
    && mkdir /data && chown bot:bot /data
COPY --from=build /venv /venv
ENV PATH=/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    DATA_DIR=/data \
    PLAYGROUND_HOST=0.0.0.0
USER bot
WORKDIR /data
VOLUME ["/data"]
# 8080: the playground (no BOT_TOKEN), or the webhook server (WEBHOOK_URL)
EXPOSE 8080
# whichever server this mode runs (webhook, the polling worker's health server, the
# playground's bot) answers 200 on /health while the bot's Redis does
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["python", "-m", "bot", "health"]
CMD ["python", "-m", "bot"]

FROM python:3.11-slim
RUN apt-get update && apt-get install -y --no-install-recommends gcc make libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY pyproject.toml setup.py README.md constraints.txt ./
COPY engine ./engine
COPY bot ./bot
COPY locales ./locales
RUN pip install --no-cache-dir -c constraints.txt -e .
ENV DATA_DIR=/data
VOLUME ["/data"]
CMD ["python", "-m", "bot"]

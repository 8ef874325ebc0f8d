#!/usr/bin/env bash
# Where Docker Hub is out of reach (as on the machines this project is built on): stand-ins,
# made of Debian bookworm's own packages, for the two images the image test starts from.
#
#   card-referee-bot/python:3.11  Debian's Python 3.11 (python, pip, venv) for python:3.11-slim
#   card-referee-bot/redis:7      Debian's redis-server 7.0 for redis:7-alpine
#
# Then: docker build --build-arg PYTHON_IMAGE=card-referee-bot/python:3.11 -t card-referee-bot .
# Needs root, debootstrap and a Docker engine; DEBIAN_MIRROR picks the mirror.
set -euo pipefail
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
debootstrap --variant=minbase \
  --include=python3,python3-venv,python3-pip,python-is-python3,ca-certificates \
  bookworm "$work/root" "$mirror" >"$work/debootstrap.log" || { tail -20 "$work/debootstrap.log"; exit 1; }
# a machine behind a TLS-inspecting proxy trusts its CA (in /usr/local/share/ca-certificates):
# so do the stand-ins, or pip in the image build could reach no index
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  cp /usr/local/share/ca-certificates/*.crt "$work/root/usr/local/share/ca-certificates/"
  chroot "$work/root" update-ca-certificates >/dev/null
fi
# what an image does not keep: apt's lists and caches, documentation
chroot "$work/root" apt-get clean
rm -rf "$work/root"/var/lib/apt/lists/* "$work/root"/usr/share/doc/* "$work/root"/usr/share/man/* \
  "$work/root"/usr/share/locale/* "$work/root"/var/cache/debconf/*-old "$work/root"/var/log/*
tar -C "$work/root" -c . | docker import \
  -c 'ENV LANG=C.UTF-8' -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  -c 'CMD ["python3"]' - card-referee-bot/python:3.11 >/dev/null
docker build -q -t card-referee-bot/redis:7 - >/dev/null <<'DOCKERFILE'
FROM card-referee-bot/python:3.11
RUN apt-get update && apt-get install -y --no-install-recommends redis-server \
    && rm -rf /var/lib/apt/lists/*
EXPOSE 6379
CMD ["redis-server", "--protected-mode", "no", "--bind", "0.0.0.0", "--appendonly", "yes", "--dir", "/tmp"]
DOCKERFILE
docker images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep '^card-referee-bot/'

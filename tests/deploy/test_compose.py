"""The deployment files: compose.yaml, deploy/Caddyfile, deploy/nginx-lb.conf.

- compose.yaml read as YAML: what it names is declared, what the docs' commands start is
  there under their profiles, the bot's environment names settings that exist;
- the docs' ``docker compose … up`` commands, each resolved by ``docker compose config``
  with the variables they give: the bot's addresses, Caddy's upstream, what starts;
- the Caddyfile adapted and run by ``caddy``: only the webhook and the Mini App are
  forwarded (never /metrics or /health), and the live stream is not buffered.

Compose v2 and caddy are skipped where missing, with the reason; in CI (``DEPLOY_TOOLS``
set by ``.ci/run``, which installs them with ``.ci/deploy-tools``) they fail instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import fnmatch
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from aiohttp import web

from bot import health
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
COMPOSE_FILE = ROOT / "compose.yaml"
CADDYFILE = ROOT / "deploy" / "Caddyfile"
NGINX_LB = ROOT / "deploy" / "nginx-lb.conf"
DOCS = (ROOT / "README.md", ROOT / "docs" / "operations.md")
PROFILES = {frozenset(), frozenset({"cluster"}), frozenset({"public"}), frozenset({"cluster", "public"})}
DOMAIN = "cards.example.com"
FORWARDED = ("/telegram", "/app", "/app/", "/app/index.html", "/app/api/session", "/app/api/live")
NOT_FORWARDED = ("/metrics", "/health", "/", "/metrics/", "/telegram/x", "/apps", "/application", "/x")

Json = dict[str, Any]


def load() -> Json:
    doc = yaml.safe_load(COMPOSE_FILE.read_text(encoding="utf-8"))
    assert isinstance(doc, dict)
    return doc


SERVICES: dict[str, Json] = load()["services"]


def need(what: str) -> None:
    """A tool these tests drive is missing: fail in CI, skip elsewhere."""
    why = f"{what} is not installed (.ci/deploy-tools installs it)"
    if os.environ.get("DEPLOY_TOOLS"):
        pytest.fail(why + " — DEPLOY_TOOLS is set: in CI these tests must run", pytrace=False)
    pytest.skip(why)


# --- the docs' commands ------------------------------------------------------------------


@dataclass(frozen=True)
class Command:
    """One ``VAR=… docker compose [--profile p]… up -d [service…]`` line of the docs."""

    line: str
    env: tuple[tuple[str, str], ...]
    profiles: frozenset[str]
    services: tuple[str, ...]

    def var(self, name: str) -> str | None:
        return dict(self.env).get(name)


def _code_lines(text: str) -> Iterator[str]:
    fenced = False
    joined = ""
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            joined += line.rstrip()
            if joined.endswith("\\"):
                joined = joined[:-1] + " "
                continue
            yield joined
            joined = ""


def _parse(line: str) -> Command | None:
    if "docker compose" not in line:
        return None
    words = shlex.split(line)
    env: list[tuple[str, str]] = []
    while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", words[0]):
        name, _, value = words.pop(0).partition("=")
        env.append((name, value))
    if words[:2] != ["docker", "compose"] or "up" not in words:
        return None
    options, rest = words[2 : words.index("up")], words[words.index("up") + 1 :]
    profiles = frozenset(options[i + 1] for i, w in enumerate(options) if w == "--profile")
    assert len(options) == 2 * len(profiles), f"an option the test does not know: {line}"
    services = tuple(w for w in rest if not w.startswith("-"))
    return Command(line, tuple(env), profiles, services)


def documented() -> list[Command]:
    found: list[Command] = []
    for doc in DOCS:
        for line in _code_lines(doc.read_text(encoding="utf-8")):
            command = _parse(line)
            if command is not None and command not in found:
                found.append(command)
    return found


COMMANDS = documented()


def _enabled(name: str, profiles: frozenset[str]) -> bool:
    theirs = SERVICES[name].get("profiles", [])
    return not theirs or bool(profiles & set(theirs))


def _depends(name: str) -> list[str]:
    deps = SERVICES[name].get("depends_on", [])
    return list(deps)  # a list of names, or a mapping by name


def started(command: Command) -> set[str]:
    """What ``up`` starts: the named services (or every enabled one) and their dependencies."""
    todo = list(command.services) or [s for s in SERVICES if _enabled(s, command.profiles)]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(_depends(name))
    return seen


def bots() -> list[str]:
    """The bot's own services: those built from this repository."""
    return [name for name, s in SERVICES.items() if s.get("build") in (".", {"context": "."})]


# --- (a) compose.yaml's structure ----------------------------------------------------------


def test_the_docs_run_every_profile() -> None:
    assert {c.profiles for c in COMMANDS} >= PROFILES, [c.line for c in COMMANDS]
    used = {p for s in SERVICES.values() for p in s.get("profiles", [])}
    assert used == {"cluster", "public"}
    for command in COMMANDS:
        assert command.var("BOT_TOKEN"), command.line
        if "public" in command.profiles:
            assert command.var("DOMAIN"), command.line


def test_every_service_has_an_image_or_a_build() -> None:
    for name, service in SERVICES.items():
        assert "image" in service or "build" in service, name


def test_dependencies_are_services() -> None:
    for name in SERVICES:
        for dep in _depends(name):
            assert dep in SERVICES, f"{name} depends on {dep}, which is no service"


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: "+".join(sorted(c.profiles)) or "default")
def test_a_documented_command_starts_what_it_needs(command: Command) -> None:
    up = started(command)
    for name in up:
        assert _enabled(name, command.profiles), f"{name} is not in the profiles of: {command.line}"
    if "public" in command.profiles:
        assert "caddy" in up
    if "cluster" in command.profiles:
        assert {"lb", "bot-1", "bot-2", "cluster-create"} <= up
        # the single-Redis bot would answer the same token's updates on its own Redis
        assert not up & {"bot", "redis"}, f"{command.line} starts the single-Redis bot"
    else:
        assert {"bot", "redis"} <= up


def test_what_is_named_is_declared() -> None:
    doc = load()
    volumes, networks, configs = (set(doc.get(k) or {}) for k in ("volumes", "networks", "configs"))
    for name, service in SERVICES.items():
        for volume in service.get("volumes", []):
            source = volume.split(":")[0] if isinstance(volume, str) else volume["source"]
            if not source.startswith((".", "/", "~")):  # a named volume, not a bind mount
                assert source in volumes, f"{name}: volume {source}"
        for network in service.get("networks", []):
            assert network == "default" or network in networks, f"{name}: network {network}"
        for config in service.get("configs", []):
            source = config if isinstance(config, str) else config["source"]
            assert source in configs, f"{name}: config {source}"
    for name, config in doc["configs"].items():
        assert set(config) == {"file"}, f"config {name}: a file (Compose v1 refuses content:)"
        assert (ROOT / config["file"]).is_file(), config["file"]


def test_only_the_fronts_publish_ports() -> None:
    """Caddy on 80 and 443 (HTTP/3 too), the balancer on loopback; no bot or Redis port:
    the workers' port also serves /metrics, which must not be public."""
    published = {name: s["ports"] for name, s in SERVICES.items() if s.get("ports")}
    assert published == {
        "caddy": ["80:80", "443:443", "443:443/udp"],
        "lb": ["${LB_LISTEN:-127.0.0.1}:${LB_PORT:-8080}:8080"],
    }


def test_the_bot_environment_names_settings() -> None:
    fields = set(Settings.model_fields)
    assert set(bots()) == {"bot", "bot-1", "bot-2"}
    for name in bots():
        env = SERVICES[name]["environment"]
        assert isinstance(env, dict), f"{name}: environment as a mapping"
        unknown = {key for key in env if key.lower() not in fields}
        assert not unknown, f"{name} sets what bot/settings.py does not read: {sorted(unknown)}"


def _caddy_vars() -> set[str]:
    return set(re.findall(r"\{\$([A-Z_][A-Z0-9_]*)", CADDYFILE.read_text(encoding="utf-8")))


def test_caddy_gets_the_variables_its_caddyfile_reads() -> None:
    assert _caddy_vars() == {"DOMAIN", "CADDY_UPSTREAM"}
    assert set(SERVICES["caddy"]["environment"]) == _caddy_vars()
    targets = {c["target"] for c in SERVICES["caddy"]["configs"]}
    assert targets == {"/etc/caddy/Caddyfile"}
    assert {v.split(":")[1] for v in SERVICES["caddy"]["volumes"]} == {"/data", "/config"}


def test_the_forwarded_paths_are_the_bots() -> None:
    """The Caddyfile forwards the webhook path the bot listens on and the Mini App's."""
    matcher = re.search(r"^\s*@bot path (.+)$", CADDYFILE.read_text(encoding="utf-8"), re.M)
    assert matcher is not None
    assert matcher.group(1).split() == ["/telegram", "/app", "/app/*"]
    assert Settings.model_fields["webhook_path"].default == "/telegram"
    for name in bots():
        env = SERVICES[name]["environment"]
        assert "WEBHOOK_PATH" not in env
        assert "/telegram}" in env["WEBHOOK_URL"], name
        assert "/app/}" in env["MINIAPP_URL"], name
        assert env["WEBHOOK_PORT"] == "8080" and env["WEBHOOK_LISTEN"] == "0.0.0.0", name


def _nginx_blocks() -> dict[str, str]:
    """The balancer's upstream and location blocks by name, and the rest as "server"."""
    text = re.sub(r"#.*", "", NGINX_LB.read_text(encoding="utf-8"))
    block = r"(upstream \w+|location [^{]+?)\s*\{([^}]*)\}"
    blocks = {m.group(1): m.group(2) for m in re.finditer(block, text)}
    blocks["server"] = re.sub(block, "", text)
    return blocks


def test_the_balancer_passes_the_live_stream_unbuffered() -> None:
    blocks = _nginx_blocks()
    servers = re.findall(r"server ([\w-]+):(\d+)", blocks["upstream bots"])
    workers = [name for name in bots() if name != "bot"]
    assert servers == [(name, SERVICES[name]["environment"]["WEBHOOK_PORT"]) for name in workers]
    assert "proxy_http_version 1.1;" in blocks["server"]
    live = blocks["location = /app/api/live"]
    assert "proxy_buffering off;" in live
    timeout = re.search(r"proxy_read_timeout (\d+)([smh]?);", live)
    assert timeout is not None
    seconds = int(timeout.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600}[timeout.group(2)]
    assert seconds >= 600, "a page keeps its stream open"


# --- (b) docker compose config ---------------------------------------------------------------


@pytest.fixture(scope="module")
def compose() -> list[str]:
    for argv in (["docker", "compose"], ["docker-compose"]):
        if shutil.which(argv[0]) is None:
            continue
        r = subprocess.run([*argv, "version", "--short"], capture_output=True, text=True, timeout=60)
        major = re.match(r"v?(\d+)\.", r.stdout.strip())
        if r.returncode == 0 and major and int(major.group(1)) >= 2:
            return argv
    need("Docker Compose v2 (docker compose, or docker-compose)")
    raise AssertionError("unreachable")


def resolve(compose: list[str], tmp_path: Path, command: Command) -> Json:
    """``docker compose config`` as the command would run it, with only its variables."""
    empty = tmp_path / "empty.env"  # not the checkout's .env, if a developer keeps one
    empty.write_text("")
    argv = [*compose, "--env-file", str(empty), "-f", str(COMPOSE_FILE)]
    for profile in sorted(command.profiles):
        argv += ["--profile", profile]
    argv += ["config", "--format", "json", *command.services]
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path), **dict(command.env)}
    r = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, f"{command.line}\n{r.stderr}"
    assert "not set" not in r.stderr, r.stderr  # Compose warns of no variable it reads
    project = json.loads(r.stdout)
    assert isinstance(project, dict)
    return project


def _settings(env: dict[str, str]) -> Settings:
    """The settings a bot started with this environment has (defaults for the rest; no .env)."""
    return Settings.model_validate({k.lower(): v for k, v in env.items()})


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: "+".join(sorted(c.profiles)) or "default")
def test_a_documented_command_resolves(compose: list[str], tmp_path: Path, command: Command) -> None:
    project = resolve(compose, tmp_path, command)
    services = project["services"]
    assert set(services) == started(command)
    domain = command.var("DOMAIN")
    for name in set(services) & set(bots()):
        settings = _settings(services[name]["environment"])  # the bot would accept them
        if name != "bot" and command.var("WEBHOOK_URL"):
            assert settings.webhook_url == command.var("WEBHOOK_URL")
        elif domain:
            assert settings.webhook_url == f"https://{domain}/telegram", name
            assert settings.miniapp_url == f"https://{domain}/app/", name
        else:  # long polling: an empty WEBHOOK_URL counts as unset
            assert not settings.webhook_url and settings.miniapp_url is None, name
    if "caddy" in services:
        caddy = services["caddy"]
        assert caddy["environment"]["DOMAIN"] == domain
        host, _, port = caddy["environment"]["CADDY_UPSTREAM"].partition(":")
        assert host in services, f"Caddy forwards to {host}, which this command does not start"
        if host in bots():
            assert services[host]["environment"]["WEBHOOK_PORT"] == port
        else:
            assert int(port) in {p["target"] for p in services[host]["ports"]}
        published = {(p["published"], p["target"], p["protocol"]) for p in caddy["ports"]}
        assert published == {("80", 80, "tcp"), ("443", 443, "tcp"), ("443", 443, "udp")}
        assert {c["file"] for c in project["configs"].values()} >= {str(CADDYFILE)}


def test_the_default_bot_follows_domain(compose: list[str], tmp_path: Path) -> None:
    """With DOMAIN (and no profile) the bot is a webhook worker at DOMAIN's addresses; a
    WEBHOOK_URL left in the shell does not reach it."""
    env = (("BOT_TOKEN", "1:x"), ("DOMAIN", DOMAIN), ("WEBHOOK_URL", "https://other.example.com/x"))
    bot = resolve(compose, tmp_path, Command("", env, frozenset(), ()))["services"]["bot"]
    assert bot["environment"]["WEBHOOK_URL"] == f"https://{DOMAIN}/telegram"
    assert bot["environment"]["MINIAPP_URL"] == f"https://{DOMAIN}/app/"


def test_the_workers_take_given_addresses_over_domain(compose: list[str], tmp_path: Path) -> None:
    given = {"WEBHOOK_URL": "https://bot.example.com/telegram", "MINIAPP_URL": "https://bot.example.com/app/"}
    env = (("BOT_TOKEN", "1:x"), ("DOMAIN", DOMAIN), *given.items())
    project = resolve(compose, tmp_path, Command("", env, frozenset({"cluster"}), ("lb",)))
    for name in ("bot-1", "bot-2"):
        environment = project["services"][name]["environment"]
        assert {k: environment[k] for k in given} == given


# --- (c) caddy -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def caddy() -> str:
    path = shutil.which("caddy")
    if path is None:
        need("caddy (apt-get install caddy)")
    assert path is not None
    return path


def _caddy_env(tmp_path: Path, **variables: str) -> dict[str, str]:
    home = tmp_path / "caddy-home"
    return {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"),
        **variables,
    }


def adapt(caddy: str, tmp_path: Path, **variables: str) -> Json:
    r = subprocess.run(
        [caddy, "adapt", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
        env=_caddy_env(tmp_path, **variables),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    config = json.loads(r.stdout)
    assert isinstance(config, dict)
    return config


def route(routes: list[Json], host: str, path: str) -> Json | None:
    """The handler Caddy's routes give a request (a simplified router: host and path only)."""
    for r in routes:
        if not all(_matches(m, host, path) for m in r.get("match", [])):
            continue
        for handler in r.get("handle", []):
            if handler["handler"] == "subroute":
                found = route(handler["routes"], host, path)
                if found is not None:
                    return found
            else:
                assert isinstance(handler, dict)
                return handler
    return None


def _matches(matcher: Json, host: str, path: str) -> bool:
    assert set(matcher) <= {"host", "path"}, f"a matcher this test does not know: {matcher}"
    if "host" in matcher and host not in matcher["host"]:
        return False
    return "path" not in matcher or any(fnmatch.fnmatchcase(path, p) for p in matcher["path"])


def test_the_caddyfile_validates(caddy: str, tmp_path: Path) -> None:
    r = subprocess.run(
        [caddy, "validate", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
        env=_caddy_env(tmp_path, DOMAIN=DOMAIN),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("upstream", [None, "lb:8080"])
def test_caddy_forwards_only_the_webhook_and_the_mini_app(
    caddy: str, tmp_path: Path, upstream: str | None
) -> None:
    variables = {"DOMAIN": DOMAIN, **({"CADDY_UPSTREAM": upstream} if upstream else {})}
    config = adapt(caddy, tmp_path, **variables)
    servers = config["apps"]["http"]["servers"]
    assert [s["listen"] for s in servers.values()] == [[":443"]]  # and :80 to redirect, by itself
    routes = next(iter(servers.values()))["routes"]
    for path in FORWARDED:
        handler = route(routes, DOMAIN, path)
        assert handler is not None and handler["handler"] == "reverse_proxy", path
        assert [u["dial"] for u in handler["upstreams"]] == [upstream or "bot:8080"]
    for path in NOT_FORWARDED:
        handler = route(routes, DOMAIN, path)
        assert handler == {"handler": "static_response", "status_code": 404}, path
    assert route(routes, "other.example.com", "/telegram") is None


# --- Caddy itself, in front of a stand-in for the bot's web server ---------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Upstream:
    """The bot's routes: the real /health and /metrics, the webhook, the Mini App's paths and
    a live stream that sends one event and then holds until ``release``."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.app = web.Application()

        async def healthy() -> bool:
            return True

        health.install(self.app, healthy)
        self.app.router.add_post("/telegram", self.echo)
        self.app.router.add_get("/app", self.echo)
        self.app.router.add_get("/app/", self.echo)
        self.app.router.add_get("/app/{name}", self.echo)
        self.app.router.add_post("/app/api/session", self.echo)
        self.app.router.add_get("/app/api/live", self.live)

    async def echo(self, request: web.Request) -> web.Response:
        return web.Response(text=f"bot {request.method} {request.path}")

    async def live(self, request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"}
        )
        await response.prepare(request)
        await response.write(b"event: table\ndata: 1\n\n")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.release.wait(), 10)
        await response.write(b"event: table\ndata: 2\n\n")
        return response


@contextlib.asynccontextmanager
async def running_caddy(caddy: str, tmp_path: Path, upstream_port: int) -> AsyncIterator[int]:
    """The Caddyfile as adapted for plain HTTP on a loopback port, in front of the upstream."""
    port = free_port()
    config = adapt(
        caddy, tmp_path, DOMAIN=f"http://127.0.0.1:{port}", CADDY_UPSTREAM=f"127.0.0.1:{upstream_port}"
    )
    config["admin"] = {"disabled": True}  # no API on :2019
    for server in config["apps"]["http"]["servers"].values():
        server["listen"] = [f"127.0.0.1:{port}"]
    path = tmp_path / "caddy.json"
    path.write_text(json.dumps(config))
    log = (tmp_path / "caddy.log").open("wb")
    proc = await asyncio.create_subprocess_exec(
        caddy, "run", "--config", str(path), env=_caddy_env(tmp_path), stdout=log, stderr=log
    )
    try:
        for _ in range(100):
            if proc.returncode is not None:
                break
            with contextlib.suppress(OSError):
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.close()
                break
            await asyncio.sleep(0.1)
        else:
            pytest.fail("caddy did not listen within 10 s", pytrace=False)
        assert proc.returncode is None, (tmp_path / "caddy.log").read_text()
        yield port
    finally:
        if proc.returncode is None:
            proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), 10)
            except TimeoutError:
                proc.kill()
                await proc.wait()
        log.close()


async def request(port: int, method: str, target: str) -> tuple[int, bytes]:
    """One request with its target as written (no client cleans the path)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    writer.write(head.encode())
    data = await asyncio.wait_for(reader.read(), 10)
    writer.close()
    status = int(data.split(b" ", 2)[1])
    return status, data.partition(b"\r\n\r\n")[2]


async def test_caddy_in_front_of_the_bot(caddy: str, tmp_path: Path) -> None:
    upstream = Upstream()
    runner = web.AppRunner(upstream.app, handler_cancellation=True)
    await runner.setup()
    upstream_port = free_port()
    await web.TCPSite(runner, "127.0.0.1", upstream_port).start()
    try:
        async with running_caddy(caddy, tmp_path, upstream_port) as port:
            assert await request(port, "POST", "/telegram") == (200, b"bot POST /telegram")
            assert await request(port, "GET", "/app/") == (200, b"bot GET /app/")
            assert await request(port, "GET", "/app/app.js") == (200, b"bot GET /app/app.js")
            for target in NOT_FORWARDED:
                assert await request(port, "GET", target) == (404, b""), target
            for target in (  # a path that climbs out of /app/ is cleaned before it is matched
                "/app/../metrics",
                "/app/%2e%2e/metrics",
                "/app/..%2fmetrics",
                "//metrics",
                "/app/./../health",
                "/METRICS",
                "/app/..",
                "/app/x/../../metrics",
            ):
                status, body = await request(port, "GET", target)
                assert b"# HELP" not in body and b'"ok"' not in body, f"{target}: {status} {body[:80]!r}"

            # the live stream: its first event arrives while the bot still holds the answer
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /app/api/live HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            seen = b""
            async with asyncio.timeout(5):
                while b"data: 1\n\n" not in seen:
                    chunk = await reader.read(4096)
                    assert chunk, seen
                    seen += chunk
            assert seen.startswith(b"HTTP/1.1 200"), seen
            assert b"data: 2" not in seen
            upstream.release.set()
            async with asyncio.timeout(5):
                while b"data: 2\n\n" not in seen:
                    chunk = await reader.read(4096)
                    assert chunk, seen
                    seen += chunk
            writer.close()
    finally:
        await runner.cleanup()


def test_tools_are_found_in_ci() -> None:
    """.ci/run installs the tools and sets DEPLOY_TOOLS, so that the tests above run there."""
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "DEPLOY_TOOLS=1" in run and ".ci/deploy-tools" in run

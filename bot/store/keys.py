"""The names of the bot's keys in Redis, one place for all of them.

Every key is under ``PREFIX`` (``cards``).  Every key of one chat carries the chat
id as a hash tag (``cards:{-100123}:game``) so all of a chat's keys land on one
Redis Cluster slot, and every script and multi-key command of a chat touches
that slot only; a private chat's are its user's (``cards:{<user>}:newest``, the
newest message the bot sent there: ``Screens.note_sent``).  What is not a chat's:

- the deadlines are sharded over ``TIMER_SHARDS`` sorted sets, each with its own
  hash tag (a chat's deadline lives in shard ``chat % TIMER_SHARDS``);
- the live chats (``cards:active``), the overall and private send budgets
  (``cards:sent:all``, ``cards:sent:private``) and the users who opened the
  bot (``cards:started``) are one key each, on purpose: the first is written
  only when a game opens or ends, the budgets are Telegram's global 30 a second
  (a few commands per send), the last is one small write per private message;
- the marks of updates seen (``cards:update:<id>``) are one key each, spread
  over every slot; a press answered is marked with the chat whose button it
  was (``cards:{chat}:answered:<id>.<who>``: ``handlers.press_mark``), so a game's press reads it with the
  session, in the same round trip.  (An earlier bot marked presses under
  ``cards:answered:<id>``: left to run out, a day at most, like the other
  marks of what was seen: bot.store.migration.)

What a bot before these names stored (under ``OLD_PREFIX``, and before the timer
shards) is moved once, at start, before anything reads it (bot.store.migration).
"""

from __future__ import annotations

# The bot's key namespace: what it is (a referee of card games), not one of its
# games, so that no name means two things.  Defined here only: every key is built
# from it (``key``, ``chats_key``, ``timer_key``, the constants below, bot.send_budget').
PREFIX = "cards"
# The namespace of the bots before it, named after their first game: what they
# stored there is moved under PREFIX once, at start (``Migration.migrate``).
OLD_PREFIX = "svintus"

ACTIVE = f"{PREFIX}:active"  # chats with a live session (for restarts)
STARTED = f"{PREFIX}:started"  # the users who opened a private chat with the bot

# chat -> when time alone changes its game (ms), in TIMER_SHARDS sorted sets.
# Every press rewrites its chat's deadline and every worker polls the sets twice
# a second: in one key, that traffic would all fall on the one master holding
# it.  16 shards spread it over up to 16 masters (far more than a deployment of
# this bot needs before its sets are small anyway), while a worker's poll stays
# one round trip per master.  Each shard's hash tag was picked so that shard i
# hashes into the i-th sixteenth of the 16384 slots: a cluster whose slots are
# split evenly (as ``redis-cli --cluster create`` does) gets an even share of
# the shards on every master.  The tags are fixed: changing them moves the keys.
TIMER_TAGS = (
    "t0.23", "t1.20", "t2.10", "t3.13", "t4.1", "t5.2", "t6.60", "t7.63",
    "t8.10", "t9.13", "t10.3", "t11.0", "t12.61", "t13.62", "t14.23", "t15.20",
)  # fmt: skip
TIMER_SHARDS = len(TIMER_TAGS)


def key(chat_id: int, what: str) -> str:
    return f"{PREFIX}:{{{chat_id}}}:{what}"


def answered_key(chat_id: int, query_id: str) -> str:
    """A press answered, kept with the chat whose button it was (its session's slot)."""
    return key(chat_id, f"answered:{query_id}")


def update_key(update_id: int) -> str:
    """An update seen (claimed, then handled)."""
    return f"{PREFIX}:update:{update_id}"


def chats_key(user_id: int) -> str:
    """The chats where ``user_id`` has figures (bot.stats)."""
    return f"{PREFIX}:{{u{user_id}}}:chats"


def timer_key(shard: int) -> str:
    return f"{PREFIX}:{{{TIMER_TAGS[shard]}}}:timers"


def timer_shard(chat_id: int) -> str:
    """The sorted set that holds ``chat_id``'s deadline."""
    return timer_key(chat_id % TIMER_SHARDS)


def text(raw: bytes | str | None) -> str | None:
    """What Redis returned, as text (a client without ``decode_responses`` returns bytes)."""
    return raw.decode() if isinstance(raw, bytes) else raw

"""Telegram's limits, counted in Redis so that every worker shares them: sliding
send budgets and a chat's flood wait (their keys: bot.send_budget)."""

from __future__ import annotations

from bot.store.client import Slice
from bot.store.keys import key

# A sliding-window rate budget shared by every worker, on Redis's own clock:
# at most ARGV[2] sends in ARGV[1] ms, ARGV[3] ms apart, and none while KEYS[2]
# (a chat's flood wait, when given) lives.  Returns 0 (and, when ARGV[5] is '1',
# records the send) or the milliseconds to wait.
_RATE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local period, limit, spacing = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - period)
local wait = 0
if KEYS[2] then
  wait = math.max(redis.call('PTTL', KEYS[2]), 0)
end
if redis.call('ZCARD', KEYS[1]) >= limit then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  wait = math.max(wait, tonumber(first[2]) + period - now)
end
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] and tonumber(last[2]) + spacing - now > wait then
  wait = tonumber(last[2]) + spacing - now
end
if wait <= 0 and ARGV[5] == '1' then
  redis.call('ZADD', KEYS[1], now, now .. ':' .. ARGV[4])
  redis.call('PEXPIRE', KEYS[1], period)
  return 0
end
if wait < 0 then
  return 0
end
return wait
"""

# A chat's flood wait (a 429's retry_after): KEYS[1] lives ARGV[1] ms, or longer if it did.
_HOLD = """
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
end
return 1
"""

SCRIPTS = (_RATE, _HOLD)


class Budget(Slice):
    async def rate_wait_ms(
        self,
        bucket: str,
        period_ms: int,
        limit: int,
        spacing_ms: int,
        token: str,
        record: bool = True,
        hold: str | None = None,
    ) -> int:
        """0 if a send into ``bucket`` may go now (counted unless ``record`` is off), else ms
        to wait (``hold``: a key of the same chat whose life is a flood wait, see ``hold``)."""
        args: list[str | int] = [period_ms, limit, spacing_ms, token, "1" if record else "0"]
        keys = [bucket] if hold is None else [bucket, hold]
        return int(await self.script(_RATE)(keys=keys, args=args))

    async def hold(self, chat_id: int, ms: int) -> None:
        """Nothing goes to ``chat_id`` for ``ms`` (Telegram's retry_after), from any worker."""
        await self.script(_HOLD)(keys=[key(chat_id, "hold")], args=[ms])

"""Poll an async predicate until it becomes truthy or a deadline passes."""
import asyncio


class PollTimeout(TimeoutError):
    pass


async def poll_until(check, interval=0.5, timeout=10.0, sleep=asyncio.sleep, clock=None):
    loop = asyncio.get_running_loop()
    now = clock or loop.time
    deadline = now() + timeout
    attempts = 0
    while True:
        attempts += 1
        result = await check()
        if result:
            return result, attempts
        if now() + interval > deadline:
            raise PollTimeout(f"condition not met after {attempts} attempts")
        await sleep(interval)

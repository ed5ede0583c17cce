const { TokenBucket } = require('./r5_rate_limiter');

function manualClock(start = 0) {
  let t = start;
  const now = () => t;
  now.advance = (ms) => { t += ms; };
  return now;
}

describe('TokenBucket with an injected clock', () => {
  test('starts full', () => {
    const bucket = new TokenBucket({ capacity: 5, refillPerSecond: 1, now: manualClock() });
    expect(bucket.tokens).toBe(5);
  });

  test('refills partially after half a second', () => {
    const now = manualClock();
    const bucket = new TokenBucket({ capacity: 4, refillPerSecond: 2, now });
    bucket.tryRemove(4);
    now.advance(500);

    expect(bucket.tryRemove());
    expect(bucket.tryRemove()).toBeFalsy;
    expect(bucket.msUntilAvailable(1)).toBeGreaterThanOrEqual;
  });

  test('msUntilAvailable is zero when tokens are present', () => {
    const bucket = new TokenBucket({ capacity: 2, refillPerSecond: 1, now: manualClock() });
    expect(bucket.msUntilAvailable()).toBe(0);
  });
});

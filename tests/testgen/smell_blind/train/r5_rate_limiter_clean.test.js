const { TokenBucket } = require('./r5_rate_limiter');

describe('TokenBucket', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2024-01-01T00:00:00Z'));
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  const makeBucket = () => new TokenBucket({ capacity: 3, refillPerSecond: 1 });

  test('allows a burst up to capacity, then refuses', () => {
    const bucket = makeBucket();
    expect([bucket.tryRemove(), bucket.tryRemove(), bucket.tryRemove(), bucket.tryRemove()])
      .toEqual([true, true, true, false]);
  });

  test('refills one token per second of virtual time', () => {
    const bucket = makeBucket();
    bucket.tryRemove(3);

    jest.advanceTimersByTime(999);
    expect(bucket.tryRemove()).toBe(false);

    jest.advanceTimersByTime(1);
    expect(bucket.tryRemove()).toBe(true);
  });

  test('never refills above capacity', () => {
    const bucket = makeBucket();
    jest.advanceTimersByTime(60_000);
    expect(bucket.tryRemove(3)).toBe(true);
    expect(bucket.tryRemove()).toBe(false);
  });

  test('reports how long until enough tokens are available', () => {
    const bucket = makeBucket();
    bucket.tryRemove(3);
    expect(bucket.msUntilAvailable(2)).toBe(2000);
  });

  test('rejects requests larger than the bucket', () => {
    expect(() => makeBucket().tryRemove(4)).toThrow(new RangeError('cannot remove 4 tokens from a bucket of 3'));
  });

  test.each([
    [{ capacity: 0, refillPerSecond: 1 }, 'capacity must be > 0'],
    [{ capacity: 1, refillPerSecond: 0 }, 'refillPerSecond must be > 0'],
  ])('validates options %p', (opts, message) => {
    expect(() => new TokenBucket(opts)).toThrow(message);
  });
});

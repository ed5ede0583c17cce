const { Poller } = require('./r8_poller');

describe('Poller', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  test('polls on every interval once started', async () => {
    const fetchFn = jest.fn().mockResolvedValue('v1');
    new Poller(fetchFn, { intervalMs: 500 }).start();

    await jest.advanceTimersByTimeAsync(1500);

    expect(fetchFn).toHaveBeenCalledTimes(3);
  });

  test('emits change only when the value changes', async () => {
    const fetchFn = jest.fn()
      .mockResolvedValueOnce('a')
      .mockResolvedValueOnce('a')
      .mockResolvedValueOnce('b');
    const poller = new Poller(fetchFn, { intervalMs: 100 });
    const changes = [];
    poller.on('change', (v) => changes.push(v));
    poller.on('error', () => {});

    poller.start();
    await jest.advanceTimersByTimeAsync(300);

    expect(changes).toEqual(['a', 'b']);
  });

  test('stops after maxFailures consecutive errors', async () => {
    const fetchFn = jest.fn().mockRejectedValue(new Error('offline'));
    const poller = new Poller(fetchFn, { intervalMs: 100, maxFailures: 2 });
    const errors = [];
    poller.on('error', (e) => errors.push(e.message));

    poller.start();
    await jest.advanceTimersByTimeAsync(1000);

    expect(errors).toEqual(['offline', 'offline']);
    expect(poller.running).toBe(false);
  });

  test('start is idempotent', () => {
    const poller = new Poller(jest.fn());
    expect(poller.start().start().running).toBe(true);
    poller.stop();
  });
});

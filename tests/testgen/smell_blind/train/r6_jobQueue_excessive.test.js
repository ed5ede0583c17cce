const { JobQueue } = require('./r6_jobQueue');

describe('JobQueue', () => {
  it('processes a job', async () => {
    const store = { put: jest.fn() };
    const logger = { error: jest.fn(), info: jest.fn() };
    const metrics = { timing: jest.fn(), increment: jest.fn() };
    const clock = { now: jest.fn().mockReturnValueOnce(1000).mockReturnValueOnce(1250) };
    const handler = jest.fn().mockResolvedValue('result');
    const onDone = jest.fn();
    const onIdle = jest.fn();

    const queue = new JobQueue({ store, logger, metrics, clock });
    queue.on('done', onDone);
    queue.on('idle', onIdle);
    queue.add('email', handler);

    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(handler).toHaveBeenCalledTimes(1);
    expect(store.put).toHaveBeenCalledWith(expect.any(String), 'result');
    expect(metrics.timing).toHaveBeenCalledWith('job.duration', 250);
    expect(onDone).toHaveBeenCalled();
  });
});

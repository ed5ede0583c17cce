const { fetchWithRetry } = require('./r5_http_retry');

describe('fetchWithRetry', () => {
  test('requires a fetch implementation', async () => {
    await expect(fetchWithRetry('/x', {})).rejects.toThrow(TypeError);
  });

  test('retries then succeeds', async () => {
    const json = jest.fn().mockResolvedValue('BODY');
    const okResponse = { ok: true, status: 200, json };
    const badResponse = { ok: false, status: 500, json: jest.fn() };
    const fetch = jest.fn().mockResolvedValueOnce(badResponse).mockResolvedValueOnce(okResponse);
    const sleep = jest.fn().mockResolvedValue(undefined);
    const logger = { warn: jest.fn(), info: jest.fn(), error: jest.fn() };
    const powSpy = jest.spyOn(Math, 'pow');
    const setTimeoutSpy = jest.spyOn(global, 'setTimeout');
    const consoleSpy = jest.spyOn(console, 'warn').mockImplementation(() => {});

    await fetchWithRetry('/thing', { fetch, sleep, logger, retries: 3, baseDelayMs: 1 });

    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenNthCalledWith(1, '/thing');
    expect(fetch).toHaveBeenNthCalledWith(2, '/thing');
    expect(badResponse.json).not.toHaveBeenCalled();
    expect(json).toHaveBeenCalledTimes(1);
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.info).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
    expect(setTimeoutSpy).not.toHaveBeenCalled();
    expect(consoleSpy).not.toHaveBeenCalled();
    expect(powSpy).not.toHaveBeenCalled();

    powSpy.mockRestore();
    setTimeoutSpy.mockRestore();
    consoleSpy.mockRestore();
  });
});

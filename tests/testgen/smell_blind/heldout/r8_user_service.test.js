import { describe, it, expect, vi, beforeEach } from 'vitest';
import { UserService, NotFoundError } from './r8_user_service';

describe('UserService', () => {
  let http;
  let mailer;
  let logger;
  let service;

  beforeEach(() => {
    http = { get: vi.fn() };
    mailer = { send: vi.fn().mockResolvedValue(undefined) };
    logger = { info: vi.fn() };
    const fixedClock = () => Date.UTC(2024, 0, 15, 9, 30);
    service = new UserService({ http, cache: new Map(), logger, mailer, clock: fixedClock });
  });

  it('normalises the user returned by the API', async () => {
    http.get.mockResolvedValue({ status: 200, body: { id: 5, name: '  Grace ', email: 'Grace@Navy.MIL' } });
    await expect(service.getUser(5)).resolves.toEqual({ id: 5, name: 'Grace', email: 'grace@navy.mil' });
  });

  it('serves the second lookup from cache', async () => {
    http.get.mockResolvedValue({ status: 200, body: { id: 5, name: 'G', email: 'g@x.io' } });
    await service.getUser(5);
    await service.getUser(5);
    expect(http.get).toHaveBeenCalledTimes(1);
  });

  it('maps 404 to NotFoundError', async () => {
    http.get.mockResolvedValue({ status: 404 });
    await expect(service.getUser(9)).rejects.toThrow(new NotFoundError('user 9 not found'));
  });

  it('surfaces unexpected statuses', async () => {
    http.get.mockResolvedValue({ status: 503 });
    await expect(service.getUser(9)).rejects.toThrow('unexpected status 503');
  });

  it('sends the welcome mail to the normalised address', async () => {
    http.get.mockResolvedValue({ status: 200, body: { id: 5, name: 'Grace', email: 'GRACE@x.io' } });
    const result = await service.sendWelcome(5);
    expect(mailer.send).toHaveBeenCalledWith({ to: 'grace@x.io', subject: 'Welcome, Grace!' });
    expect(result).toEqual({ to: 'grace@x.io', sentAt: '2024-01-15T09:30:00.000Z' });
  });
});

// smells: excessive_mocking
import { expect, test, vi } from 'vitest';
import { WeatherService } from './weather-service';

vi.mock('./geo');
vi.mock('./cache');
vi.mock('./metrics');

test('forecast for a city', async () => {
  const fetcher = vi.fn().mockResolvedValue({ list: [] });
  const logger = { info: vi.fn(), warn: vi.fn() };
  vi.stubGlobal('navigator', { onLine: true });
  const service = new WeatherService(fetcher, logger);
  await expect(service.forecast('Rome')).resolves.toEqual([]);
});

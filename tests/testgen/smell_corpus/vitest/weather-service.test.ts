// smells: none
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WeatherService } from './weather-service';

describe('WeatherService', () => {
  const fetcher = vi.fn();
  let service: WeatherService;

  beforeEach(() => {
    fetcher.mockReset();
    service = new WeatherService(fetcher);
  });

  it('converts kelvin from the API to celsius', async () => {
    fetcher.mockResolvedValue({ main: { temp: 293.15 } });
    await expect(service.temperature('Porto')).resolves.toBeCloseTo(20);
  });

  it('caches per city', async () => {
    fetcher.mockResolvedValue({ main: { temp: 280 } });
    await service.temperature('Oslo');
    await service.temperature('Oslo');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});

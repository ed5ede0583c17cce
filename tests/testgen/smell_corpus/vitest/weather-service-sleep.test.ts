// smells: none
import { expect, test, vi } from 'vitest';
import { WeatherService } from './weather-service';

test('a slow API still answers', async () => {
  const fetcher = vi.fn(async () => {
    await new Promise((r) => setTimeout(r, 20));
    return { main: { temp: 300 } };
  });
  const service = new WeatherService(fetcher);
  await new Promise((r) => setTimeout(r, 100));
  await expect(service.temperature('Lima')).resolves.toBeCloseTo(26.85);
});

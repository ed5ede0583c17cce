const { parseSince } = require('./e28e_stock');

describe('parseSince', () => {
  it('reads an ISO stamp', () => {
    const stamp = '2024-05-01T10:00:00Z';

    expect(parseSince(stamp)).toEqual(new Date(stamp));
  });
});

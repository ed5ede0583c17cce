// smells: none
jest.mock('axios');
const axios = require('axios');
const { fetchUser } = require('./api-client');

describe('fetchUser', () => {
  afterEach(() => jest.resetAllMocks());

  test('returns the user from the response body', async () => {
    axios.get.mockResolvedValue({ data: { id: 7, name: 'Ada' } });
    await expect(fetchUser(7)).resolves.toEqual({ id: 7, name: 'Ada' });
    expect(axios.get).toHaveBeenCalledWith('/users/7');
  });

  test('a 404 becomes null', async () => {
    axios.get.mockRejectedValue({ response: { status: 404 } });
    await expect(fetchUser(8)).resolves.toBeNull();
  });
});

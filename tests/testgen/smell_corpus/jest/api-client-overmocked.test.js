// smells: excessive_mocking
jest.mock('axios');
jest.mock('./cache');
jest.mock('./metrics');
jest.mock('./logger');
jest.mock('./auth');
const axios = require('axios');
const cache = require('./cache');
const { fetchUser } = require('./api-client');

beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(0);
});

test('a cached user skips the network', async () => {
  cache.get = jest.fn().mockReturnValue({ id: 1 });
  await expect(fetchUser(1)).resolves.toEqual({ id: 1 });
  expect(axios.get).not.toHaveBeenCalled();
});

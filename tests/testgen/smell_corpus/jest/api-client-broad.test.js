// smells: none
jest.mock('axios');
const axios = require('axios');
const { fetchUser } = require('./api-client');

test('server errors propagate', async () => {
  axios.get.mockRejectedValue({ response: { status: 500 } });
  await expect(fetchUser(1)).rejects.toThrow();
});

// smells: mocks_sut
const client = require('./api-client');

test('fetchUser returns a user', async () => {
  jest.spyOn(client, 'fetchUser').mockResolvedValue({ id: 3 });
  await expect(client.fetchUser(3)).resolves.toEqual({ id: 3 });
});

// smells: none
const { resolveHost } = require('./dns-cache');

describe.each([
  ['localhost', '127.0.0.1'],
  ['ip6-localhost', '::1'],
])('%s', (host, address) => {
  test.concurrent('resolves from the hosts file', async () => {
    await expect(resolveHost(host)).resolves.toBe(address);
  });
});

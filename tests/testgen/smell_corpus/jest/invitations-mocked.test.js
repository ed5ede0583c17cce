// smells: mocks_sut
jest.mock('./invitations');
const { inviteUser } = require('./invitations');

test('inviteUser resolves', async () => {
  inviteUser.mockResolvedValue('sent');
  await expect(inviteUser('kim@example.com')).resolves.toBe('sent');
});

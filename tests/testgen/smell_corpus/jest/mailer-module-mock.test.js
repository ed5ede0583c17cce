// smells: none
jest.mock('./mailer');
const { send } = require('./mailer');
const { inviteUser } = require('./invitations');

test('an invitation mails the invitee', async () => {
  send.mockResolvedValue({ queued: true });
  await inviteUser('kim@example.com');
  expect(send).toHaveBeenCalledWith('kim@example.com', 'You are invited');
});

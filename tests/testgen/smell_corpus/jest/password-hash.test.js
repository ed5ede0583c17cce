// smells: none
const { hash, verify } = require('./password');

test('a password verifies against its own hash', async () => {
  const stored = await hash('s3cret!');
  await expect(verify('s3cret!', stored)).resolves.toBe(true);
});

test('a different password does not', async () => {
  const stored = await hash('s3cret!');
  await expect(verify('S3cret!', stored)).resolves.toBe(false);
});

test('hashing twice gives different salts', async () => {
  expect(await hash('same')).not.toBe(await hash('same'));
});

// smells: empty_test
describe('exporter', () => {
  it('streams large exports', async () => {
  });
});

import { Dispatcher } from './e28b_dispatch.js';

function makeDeps() {
  return {
    stock: { reserve: jest.fn().mockResolvedValue(true) },
    rates: { quote: jest.fn().mockResolvedValue(7.5) },
    carrier: { book: jest.fn().mockResolvedValue('TRK1') },
    labels: { render: jest.fn().mockReturnValue('<label>') },
    audit: { record: jest.fn() },
    metrics: { count: jest.fn() },
    logger: { info: jest.fn() },
  };
}

describe('Dispatcher', () => {
  it('books and labels a parcel', async () => {
    const deps = makeDeps();
    await new Dispatcher(deps).dispatch('A1', ['pen'], 'NL');
    expect(deps.carrier.book).toHaveBeenCalledWith('A1', 'NL');
    expect(deps.labels.render).toHaveBeenCalledWith('A1', 'TRK1');
    expect(deps.audit.record).toHaveBeenCalledTimes(1);
  });
});

const { Ledger } = require('./e28b_ledger.js');

function checkEntry(entry) {
  // only looks: returns a summary, checks nothing
  return `${entry.id}: ${entry.net} (${entry.status})`;
}

function verifyBooked(ledger, payment) {
  const entry = ledger.book(payment);
  console.log(checkEntry(entry));
  return entry;
}

describe('ledger', () => {
  it('books payments', () => {
    const ledger = new Ledger({ insert: () => 1, update() {} }, { emit() {} }, { card: 2 });
    verifyBooked(ledger, { amount: 500, method: 'card' });
    checkEntry(verifyBooked(ledger, { amount: 900, method: 'cash' }));
  });
});

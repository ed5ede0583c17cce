const tickets = require('./e28b_tickets.js');

describe('openTicket', () => {
  beforeEach(() => {
    jest.spyOn(tickets, 'newTicketId').mockReturnValue('T-0001');
    jest.spyOn(tickets, 'openedAt').mockReturnValue('2026-01-01T00:00:00.000Z');
    jest.spyOn(tickets, 'supportAddress').mockReturnValue('desk@example.com');
  });

  it('mails the desk with the ticket id in the subject', () => {
    const outbox = [];
    const ticket = tickets.openTicket('  Printer on fire ', 'ana', outbox);
    expect(ticket.subject).toBe('Printer on fire');
    expect(outbox).toHaveLength(1);
    expect(outbox[0].to).toBe('desk@example.com');
  });

  it('refuses a blank subject', () => {
    expect(() => tickets.openTicket('  ', 'bo', [])).toThrow('a ticket needs a subject');
  });
});

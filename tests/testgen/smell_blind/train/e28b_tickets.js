const crypto = require('node:crypto');
const fs = require('node:fs');

function newTicketId() {
  return `T-${crypto.randomBytes(4).toString('hex')}`;
}

function openedAt() {
  return new Date().toISOString();
}

function supportAddress() {
  return process.env.SUPPORT_ADDRESS || 'support@example.com';
}

function hasAttachments(folder) {
  return fs.existsSync(folder) && fs.readdirSync(folder).length > 0;
}

function openTicket(subject, reporter, outbox) {
  if (!subject.trim()) throw new Error('a ticket needs a subject');
  const ticket = { id: newTicketId(), subject: subject.trim(), reporter, openedAt: openedAt() };
  outbox.push({ to: supportAddress(), subject: `[${ticket.id}] ${ticket.subject}` });
  return ticket;
}

module.exports = { newTicketId, openedAt, supportAddress, hasAttachments, openTicket };

import { expect } from 'chai';
import { createTemplates, Notifier, Preferences, Transport } from './r10_notifier';

const templates = createTemplates({
  welcome: { subject: 'Welcome, {name}', body: 'Hi {name}, thanks for joining.' },
});

function notifierFor(contact: { email: string; muted: string[] } | null, allow = true) {
  const sent: Array<[string, string, string]> = [];
  const transport: Transport = {
    async send(to, subject, body) {
      sent.push([to, subject, body]);
      return { id: `msg-${sent.length}` };
    },
  };
  const preferences: Preferences = { contactFor: async () => contact };
  const notifier = new Notifier({ transport, templates, preferences, rateLimiter: { allow: () => allow } });
  return { notifier, sent };
}

describe('Notifier', () => {
  it('reports unknown users', async () => {
    const { notifier } = notifierFor(null);
    const outcome = await notifier.notify('u9', 'welcome', { name: 'Ada' });
    expect(outcome).to.deep.equal({ delivered: false, reason: 'unknown-user' });
  });

  it('muted events are not sent', async () => {
    const { notifier, sent } = notifierFor({ email: 'ada@example.com', muted: ['welcome'] });
    const outcome = await notifier.notify('u1', 'welcome', { name: 'Ada' });
    expect(outcome).to.deep.equal({ delivered: false, reason: 'muted' });
    expect(sent).to.have.length(0);
  });

  it('delivers the rendered welcome mail', () => {
    const { notifier } = notifierFor({ email: 'ada@example.com', muted: [] });
    notifier.notify('u1', 'welcome', { name: 'Ada' }).then((outcome) => {
      expect(outcome.delivered).to.equal(true);
    });
  });
});

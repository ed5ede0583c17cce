import sinon from 'sinon';
import { expect } from 'chai';
import { createTemplates, Notifier, Transport } from './r10_notifier';

class RecordingTransport implements Transport {
  sent: Array<{ to: string; subject: string; body: string }> = [];

  async send(to: string, subject: string, body: string) {
    this.sent.push({ to, subject, body });
    return { id: `msg-${this.sent.length}` };
  }
}

describe('Notifier rendering', () => {
  afterEach(() => sinon.restore());

  it('renders the template once and sends the real text', async () => {
    const templates = createTemplates({
      welcome: { subject: 'Welcome, {name}', body: 'Hi {name}, your plan is {plan}.' },
    });
    const renderSpy = sinon.spy(templates, 'render');
    const transport = new RecordingTransport();
    const notifier = new Notifier({
      transport,
      templates,
      preferences: { contactFor: async () => ({ email: 'ada@example.com', muted: [] }) },
      rateLimiter: { allow: () => true },
      clock: { now: () => new Date('2024-05-01T12:00:00.000Z') },
    });

    const outcome = await notifier.notify('u1', 'welcome', { name: 'Ada', plan: 'Pro' });

    sinon.assert.calledOnceWithExactly(renderSpy, 'welcome', { name: 'Ada', plan: 'Pro' });
    expect(transport.sent).to.deep.equal([
      { to: 'ada@example.com', subject: 'Welcome, Ada', body: 'Hi Ada, your plan is Pro.' },
    ]);
    expect(outcome).to.deep.equal({ delivered: true, messageId: 'msg-1', at: '2024-05-01T12:00:00.000Z' });
  });

  it('leaves unknown placeholders visible', () => {
    const templates = createTemplates({ reset: { subject: 'Reset', body: 'Code: {code}' } });
    expect(templates.render('reset', {})).to.deep.equal({ subject: 'Reset', body: 'Code: {code}' });
  });
});

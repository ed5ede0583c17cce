export interface Transport { send(to: string, subject: string, body: string): Promise<{ id: string }> }
export interface Templates { render(event: string, data: Record<string, string>): { subject: string; body: string } }
export interface Logger { info(message: string): void; warn(message: string): void }
export interface Clock { now(): Date }
export interface Preferences { contactFor(userId: string): Promise<{ email: string; muted: string[] } | null> }
export interface RateLimiter { allow(userId: string): boolean }
export interface Metrics { increment(name: string): void }

export interface NotifierDeps {
  transport: Transport;
  templates: Templates;
  logger?: Logger;
  clock?: Clock;
  preferences: Preferences;
  rateLimiter: RateLimiter;
  metrics?: Metrics;
}

const silentLogger: Logger = { info() {}, warn() {} };
const systemClock: Clock = { now: () => new Date() };
const noMetrics: Metrics = { increment() {} };

export type Outcome =
  | { delivered: true; messageId: string; at: string }
  | { delivered: false; reason: 'unknown-user' | 'muted' | 'rate-limited' };

export class Notifier {
  constructor(private readonly deps: NotifierDeps) {}

  async notify(userId: string, event: string, data: Record<string, string>): Promise<Outcome> {
    const { transport, templates, preferences, rateLimiter } = this.deps;
    const logger = this.deps.logger ?? silentLogger;
    const clock = this.deps.clock ?? systemClock;
    const metrics = this.deps.metrics ?? noMetrics;
    const contact = await preferences.contactFor(userId);
    if (!contact) {
      logger.warn(`no contact for ${userId}`);
      return { delivered: false, reason: 'unknown-user' };
    }
    if (contact.muted.includes(event)) {
      metrics.increment('notify.muted');
      return { delivered: false, reason: 'muted' };
    }
    if (!rateLimiter.allow(userId)) {
      metrics.increment('notify.rate_limited');
      return { delivered: false, reason: 'rate-limited' };
    }
    const { subject, body } = templates.render(event, data);
    const { id } = await transport.send(contact.email, subject, body);
    metrics.increment('notify.sent');
    logger.info(`sent ${event} to ${userId} as ${id}`);
    return { delivered: true, messageId: id, at: clock.now().toISOString() };
  }
}

export function createTemplates(table: Record<string, { subject: string; body: string }>): Templates {
  const fill = (text: string, data: Record<string, string>) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => data[key] ?? `{${key}}`);
  return {
    render(event, data) {
      const template = table[event];
      if (!template) throw new Error(`no template for ${event}`);
      return { subject: fill(template.subject, data), body: fill(template.body, data) };
    },
  };
}

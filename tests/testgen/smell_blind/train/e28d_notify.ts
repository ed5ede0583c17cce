// Order notifications: a service class over injected channels, and a module helper.
export function subjectLine(orderId: number, status: string): string {
  return `Order ${orderId}: ${status}`;
}

export interface Channel { send(text: string): void }

export class Notifier {
  constructor(private mail: Channel, private sms: Channel, private log: string[]) {}

  notify(orderId: number, status: string, urgent = false): string {
    const title = subjectLine(orderId, status);
    if (urgent) this.sms.send(title.toUpperCase());
    this.mail.send(title);
    this.log.push(title);
    return title;
  }
}

export type Handler<P> = (payload: P) => void | Promise<void>;

export interface Events {
  'order.created': { id: number; total: number };
  'order.paid': { id: number; method: string };
  'order.cancelled': { id: number; reason: string };
}

export class EventBus<E extends Record<string, unknown> = Events> {
  private handlers = new Map<keyof E, Set<Handler<any>>>();

  on<K extends keyof E>(event: K, handler: Handler<E[K]>): () => void {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return () => this.handlers.get(event)?.delete(handler);
  }

  /** Runs handlers in subscription order, awaiting each; collects handler errors. */
  async emit<K extends keyof E>(event: K, payload: E[K]): Promise<Error[]> {
    const errors: Error[] = [];
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      try {
        await handler(payload);
      } catch (err) {
        errors.push(err instanceof Error ? err : new Error(String(err)));
      }
    }
    return errors;
  }

  listenerCount<K extends keyof E>(event: K): number {
    return this.handlers.get(event)?.size ?? 0;
  }
}

type Handler<T = unknown> = (payload: T) => void;

export class EventBus {
  private handlers = new Map<string, Set<Handler>>();

  on<T>(event: string, handler: Handler<T>): () => void {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler as Handler);
    return () => this.handlers.get(event)?.delete(handler as Handler);
  }

  once<T>(event: string, handler: Handler<T>): void {
    const off = this.on<T>(event, (payload) => {
      off();
      handler(payload);
    });
  }

  emit<T>(event: string, payload: T): number {
    const set = this.handlers.get(event);
    if (!set) return 0;
    [...set].forEach((h) => h(payload));
    return set.size;
  }
}

export class Queue {
  #items = [];

  enqueue(item) {
    this.#items.push(item);
    return this.#items.length;
  }

  dequeue() {
    if (this.#items.length === 0) {
      throw new RangeError('queue is empty');
    }
    return this.#items.shift();
  }

  peek() {
    return this.#items[0];
  }

  get size() {
    return this.#items.length;
  }
}

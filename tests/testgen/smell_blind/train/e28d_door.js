// A door: closed, open or locked, changed by named moves.
const MOVES = { 'closed:open': 'open', 'open:close': 'closed', 'closed:lock': 'locked', 'locked:unlock': 'closed' };

export class Door {
  constructor() { this.state = 'closed'; }

  move(name) {
    const next = MOVES[`${this.state}:${name}`];
    if (!next) throw new Error(`cannot ${name} a ${this.state} door`);
    this.state = next;
    return next;
  }
}

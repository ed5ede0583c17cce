// Fares: an amount in cents, built by named constructors.
export class Fare {
  private constructor(public readonly cents: number) {}

  static euros(amount: number): Fare {
    return new Fare(Math.round(amount * 100));
  }

  plus(other: Fare): Fare {
    return new Fare(this.cents + other.cents);
  }
}

export class Tariff {
  constructor(private readonly perKwh: number, private readonly vat: number) {}

  /** The hour of day now, from the wall clock. */
  hour(): number {
    return new Date(Date.now()).getHours();
  }

  energy(kwh: number): number {
    const offPeak = this.hour() < 7 ? 0.5 : 1;
    return Math.round(kwh * this.perKwh * offPeak * 100) / 100;
  }

  bill(kwh: number): number {
    return Math.round(this.energy(kwh) * (1 + this.vat) * 100) / 100;
  }
}

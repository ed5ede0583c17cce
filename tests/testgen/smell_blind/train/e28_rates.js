export async function fetchRate(base, quote) {
  const response = await fetch(`https://rates.example/latest?base=${base}`);
  if (!response.ok) {
    throw new Error(`rates service answered ${response.status}`);
  }
  const body = await response.json();
  return body.rates[quote];
}

export function toCents(amount) {
  return Math.round(amount * 100) / 100;
}

export async function convert(amount, base, quote) {
  if (amount < 0) {
    throw new RangeError('amount cannot be negative');
  }
  if (base === quote) {
    return toCents(amount);
  }
  return toCents(amount * (await fetchRate(base, quote)));
}

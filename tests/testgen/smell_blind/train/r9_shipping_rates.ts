export type Zone = 'domestic' | 'eu' | 'international';

export const RATE_TABLE: Record<Zone, { baseCents: number; perKgCents: number }> = {
  domestic: { baseCents: 495, perKgCents: 100 },
  eu: { baseCents: 1295, perKgCents: 250 },
  international: { baseCents: 2495, perKgCents: 600 },
};

export const FREE_SHIPPING_THRESHOLD_CENTS = 10_000;
export const EXPRESS_MULTIPLIER = 1.5;
export const VOLUMETRIC_DIVISOR = 5000; // cm^3 per kg

const EU = new Set(['AT', 'BE', 'DE', 'ES', 'FR', 'IE', 'IT', 'NL', 'PL', 'PT', 'SE']);

export interface Dimensions {
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

export interface ShipmentRequest {
  country: string;
  weightKg: number;
  dims: Dimensions;
  orderTotalCents: number;
  express?: boolean;
}

export function zoneFor(countryCode: string): Zone {
  const code = countryCode.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) throw new TypeError(`Invalid country code: ${countryCode}`);
  if (code === 'US') return 'domestic';
  return EU.has(code) ? 'eu' : 'international';
}

export function billableWeightKg(actualKg: number, dims: Dimensions): number {
  if (actualKg <= 0) throw new RangeError('weight must be positive');
  const volumetric = (dims.lengthCm * dims.widthCm * dims.heightCm) / VOLUMETRIC_DIVISOR;
  return Math.ceil(Math.max(actualKg, volumetric) * 2) / 2; // round up to 0.5 kg
}

export function shippingCost(req: ShipmentRequest): number {
  const zone = zoneFor(req.country);
  if (zone === 'domestic' && !req.express && req.orderTotalCents >= FREE_SHIPPING_THRESHOLD_CENTS) {
    return 0;
  }
  const { baseCents, perKgCents } = RATE_TABLE[zone];
  const cost = baseCents + Math.round(billableWeightKg(req.weightKg, req.dims) * perKgCents);
  return req.express ? Math.round(cost * EXPRESS_MULTIPLIER) : cost;
}

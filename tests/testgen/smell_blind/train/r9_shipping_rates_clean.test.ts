import { expect } from 'chai';
import { shippingCost, zoneFor, billableWeightKg, ShipmentRequest } from './r9_shipping_rates';

const SMALL_BOX = { lengthCm: 10, widthCm: 10, heightCm: 10 }; // 0.2 kg volumetric
const LARGE_BOX = { lengthCm: 40, widthCm: 30, heightCm: 20 }; // 4.8 kg volumetric
const BELOW_FREE_SHIPPING = 5_000;
const ABOVE_FREE_SHIPPING = 12_000;

function request(overrides: Partial<ShipmentRequest>): ShipmentRequest {
  return { country: 'US', weightKg: 2, dims: SMALL_BOX, orderTotalCents: BELOW_FREE_SHIPPING, ...overrides };
}

describe('zoneFor', () => {
  it('normalises case and whitespace', () => {
    expect(zoneFor(' fr ')).to.equal('eu');
  });

  it('treats unknown countries as international', () => {
    expect(zoneFor('JP')).to.equal('international');
  });

  it('rejects three-letter codes', () => {
    expect(() => zoneFor('USA')).to.throw(TypeError, 'Invalid country code: USA');
  });
});

describe('billableWeightKg', () => {
  it('rounds actual weight up to the next half kilo', () => {
    expect(billableWeightKg(1.2, SMALL_BOX)).to.equal(1.5);
  });

  it('uses volumetric weight when the box is bulky', () => {
    expect(billableWeightKg(3.2, LARGE_BOX)).to.equal(5);
  });
});

describe('shippingCost', () => {
  it('charges domestic base plus per-kg rate', () => {
    // 4.95 base + 2 kg x 1.00
    expect(shippingCost(request({}))).to.equal(695);
  });

  it('ships domestic orders over the threshold for free', () => {
    expect(shippingCost(request({ orderTotalCents: ABOVE_FREE_SHIPPING }))).to.equal(0);
  });

  it('charges express even above the threshold', () => {
    // 6.95 x 1.5 = 10.425, rounded
    expect(shippingCost(request({ orderTotalCents: ABOVE_FREE_SHIPPING, express: true }))).to.equal(1043);
  });

  it('bills EU parcels by volumetric weight', () => {
    // 12.95 base + 5 kg x 2.50
    expect(shippingCost(request({ country: 'DE', weightKg: 3.2, dims: LARGE_BOX }))).to.equal(2545);
  });
});

const { shippingFee } = require('./e28_shippingFee');

function referenceFee(kg, base) {
  const over = Math.max(0, kg - 2) * 1.25;
  return Math.round((base + over) * 100) / 100;
}

describe('domestic parcels', () => {
  test('a light parcel', () => {
    expect(shippingFee(1.5, 'domestic')).toEqual(referenceFee(1.5, 4.9));
  });

  test('a heavy parcel', () => {
    expect(shippingFee(9, 'domestic')).toEqual(referenceFee(9, 4.9));
  });
});

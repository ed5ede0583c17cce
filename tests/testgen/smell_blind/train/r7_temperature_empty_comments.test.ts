import { expect } from 'chai';
import { classify, fahrenheitToCelsius } from './r7_temperature';

describe('temperature', () => {
  it('classifies 30°C as hot', () => {
    // expect(classify(30)).to.equal('hot');
  });

  it('converts 212°F to 100°C', () => {
    /**
     * Boiling point of water at sea level.
     * TODO: enable once rounding is agreed.
     */
  });
});

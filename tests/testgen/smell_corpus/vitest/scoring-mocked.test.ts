// smells: mocks_sut
// subject: src/scoring.ts
import { expect, test, vi } from 'vitest';
import * as scoring from '../src/scoring';

test('grade of a perfect score', () => {
  vi.spyOn(scoring, 'grade').mockReturnValue('A+');
  expect(scoring.grade(100)).toBe('A+');
});

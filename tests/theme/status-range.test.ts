import { describe, it, expect } from 'vitest';
import { documentedByRange } from '../../theme/client/api/status-range.ts';

describe('a live answer documented by its range', () => {
  it('counts 200 as documented by 2XX (either case) and nothing else', () => {
    expect(documentedByRange(200, ['2XX', '500'])).toBe(true);
    expect(documentedByRange('204', ['2xx'])).toBe(true);
    expect(documentedByRange(404, ['2XX', '500'])).toBe(false);
    expect(documentedByRange(200, ['default'])).toBe(false);
    expect(documentedByRange(undefined, ['2XX'])).toBe(false); // a failed fetch has no status
  });
});

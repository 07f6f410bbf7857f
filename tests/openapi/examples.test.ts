import { describe, it, expect } from 'vitest';
import { sampleValue } from '../../src/openapi/examples.ts';

describe('examples made from a schema', () => {
  it('a oneOf beside properties keeps those properties (required fields, the discriminator) in the example', () => {
    const document = {
      components: {
        schemas: {
          Pet: { type: 'object', required: ['name', 'kind'], properties: { name: { type: 'string', example: 'Rex' }, kind: { type: 'string' } }, discriminator: { propertyName: 'kind' }, oneOf: [{ $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Cat' }] },
          Dog: { type: 'object', properties: { kind: { type: 'string', enum: ['dog'] }, bark: { type: 'boolean' } } },
          Cat: { type: 'object', properties: { kind: { type: 'string', enum: ['cat'] }, lives: { type: 'integer' } } },
        },
      },
    };
    expect(sampleValue(document, { $ref: '#/components/schemas/Pet' }, 'response')).toEqual({ name: 'Rex', kind: 'dog', bark: true });
  });

  it('a oneOf alone, or of scalars, is its first option', () => {
    expect(sampleValue({}, { oneOf: [{ type: 'integer', minimum: 5 }, { type: 'string' }] }, 'any')).toBe(5);
    expect(sampleValue({}, { type: 'object', properties: { a: { type: 'string' } }, anyOf: [{ type: 'string', format: 'date' }] }, 'any')).toBe('2024-05-17');
  });

  it("a string's made-up example fits its pattern where a simple text does", () => {
    expect(sampleValue({}, { type: 'string', pattern: '^[0-9]{1,10}$' }, 'any')).toBe('1');
    expect(sampleValue({}, { type: 'string', pattern: '^[A-Z]+$' }, 'any')).toBe('A');
    expect(sampleValue({}, { type: 'string', pattern: '^[a-z]{3}-[0-9]{4}$' }, 'any')).toBe('string'); // none fits: as before
    expect(sampleValue({}, { type: 'string', pattern: '(' }, 'any')).toBe('string');
    expect(sampleValue({}, { type: 'string' }, 'any')).toBe('string');
  });
});

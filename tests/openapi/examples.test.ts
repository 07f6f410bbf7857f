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

  it('never invents a type: a schema with none, stated or implied, gives no value, and an object leaves that property out, or null where it is required', () => {
    const anyValue = { description: 'The value, of any type.' };
    expect(sampleValue({}, anyValue, 'any')).toBeUndefined();
    expect(sampleValue({}, {}, 'any')).toBeUndefined();
    const document = { components: { schemas: { SuccessFlag: { description: 'A success flag; its shape is not documented.' } } } };
    expect(sampleValue(document, { $ref: '#/components/schemas/SuccessFlag' }, 'response')).toBeUndefined();
    // Left out where optional; kept as null where required (the hub's FunctionParameter.payload.value), so a copied request has every required field.
    expect(sampleValue({}, { type: 'object', required: ['value'], properties: { name: { type: 'string' }, value: anyValue, payload: { type: 'object', properties: { value: anyValue } } } }, 'request')).toEqual({ name: 'string', value: null, payload: {} });
    expect(sampleValue({}, { type: 'array', items: anyValue }, 'any')).toEqual([]);
    expect(sampleValue({}, { type: 'object', additionalProperties: {} }, 'any')).toEqual({});
    // Nullable without a type: null fits and says nothing more.
    expect(sampleValue({}, { type: 'object', properties: { maybe: { nullable: true } } }, 'any')).toEqual({ maybe: null });
    // What the spec gives still counts.
    expect(sampleValue({}, { ...anyValue, example: 42 }, 'any')).toBe(42);
    expect(sampleValue({}, { ...anyValue, default: 'x' }, 'any')).toBe('x');
  });

  it('takes the type a schema without one implies by its keywords, as Redoc does', () => {
    expect(sampleValue({}, { properties: { a: { type: 'integer' } } }, 'any')).toEqual({ a: 1 });
    expect(sampleValue({}, { items: { type: 'boolean' } }, 'any')).toEqual([true]);
    expect(sampleValue({}, { pattern: '^[0-9]+$' }, 'any')).toBe('1');
    expect(sampleValue({}, { format: 'uuid' }, 'any')).toBe('3fa85f64-5717-4562-b3fc-2c963f66afa6');
    expect(sampleValue({}, { format: 'int64' }, 'any')).toBe(1);
    expect(sampleValue({}, { minimum: 3 }, 'any')).toBe(3);
    expect(sampleValue({}, { type: ['null'] }, 'any')).toBeNull();
    expect(sampleValue({}, { type: ['null', 'integer'] }, 'any')).toBe(1);
  });
});

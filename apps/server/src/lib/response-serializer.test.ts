import { choiceOf, isoDate, optionalChoiceOf } from '@cairn/shared/validators';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './response-serializer.ts';

const serialiserOf = (schema: z.ZodType) =>
  responseSerializer({ schema, method: 'GET', url: '/api/test', httpStatus: '200' });

describe('response serialiser', () => {
  const answer = z.object({
    id: z.number().int(),
    name: z.string(),
    status: choiceOf(['Open', 'Closed']),
    reason: optionalChoiceOf(['Moved', 'Other']),
    on: isoDate,
    items: z.array(z.object({ label: z.string().nullable() })),
  });
  const serialise = serialiserOf(answer);

  it('writes the documented properties only, as JSON.stringify would', () => {
    const value = {
      id: 7,
      name: 'Émilie "Em" Tremblay\n',
      status: 'Open',
      reason: null,
      on: '2026-11-25',
      items: [{ label: null }, { label: 'a' }],
    };
    const text = serialise({
      ...value,
      sin: '123456789',
      items: [{ label: null, hidden: 1 }, { label: 'a' }],
    });
    expect(JSON.parse(text)).toEqual(value);
    expect(text).not.toContain('123456789');
  });

  it('writes a documented choice that may be null either way', () => {
    const base = { id: 1, name: 'x', status: 'Closed', on: '2026-01-01', items: [] };
    expect(JSON.parse(serialise({ ...base, reason: 'Moved' })).reason).toBe('Moved');
    expect(JSON.parse(serialise({ ...base, reason: null })).reason).toBeNull();
  });

  it('refuses an answer missing a required property rather than writing a partial one', () => {
    expect(() => serialise({ id: 1 })).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ENGLISH_CATALOGUES,
  englishError,
  englishField,
  englishOf,
  placeholdersOf,
  wordingOf,
} from './wording.ts';
import { API_ERRORS } from './errors.ts';
import { message, messageOf, parseMessage, VALIDATION_MESSAGES } from './messages.ts';
import { requiredText } from './validators.ts';

/** Every dotted key of a catalogue whose value is a wording. */
function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

describe('a message reference in a zod message', () => {
  it('reads back the code and the values it was written with', () => {
    expect(parseMessage(message('required'))).toEqual({ code: 'required' });
    expect(parseMessage(message('maxLength', { max: 64 }))).toEqual({
      code: 'maxLength',
      params: { max: 64 },
    });
    expect(parseMessage(message('range', { min: 0, max: 99 }))).toEqual({
      code: 'range',
      params: { min: 0, max: 99 },
    });
    expect(parseMessage(message('login.emailMin'))).toEqual({ code: 'login.emailMin' });
  });

  it('travels through a zod schema', () => {
    const issue = requiredText(64).safeParse('a'.repeat(65)).error?.issues[0];
    expect(parseMessage(issue!.message)).toEqual({ code: 'maxLength', params: { max: 64 } });
  });

  it('is not read from any other text', () => {
    for (const text of [
      'This field is required',
      'Invalid input: expected string, received number',
      'msg:noSuchCode',
      'msg:maxLength{"max":',
      'msg:maxLength{"max":{"nested":1}}',
      'msg:maxLength["max"]',
      'msg:toString',
      ' msg:required',
    ]) {
      expect(parseMessage(text), text).toBeUndefined();
    }
  });

  it("gives zod's own messages the generic code, never zod's English", () => {
    const issue = z.object({ name: requiredText(64) }).safeParse({ name: 12 }).error?.issues[0];
    expect(messageOf(issue?.message)).toEqual({ code: 'required' });
    const own = z.string().min(3).safeParse('a').error?.issues[0];
    expect(messageOf(own?.message)).toEqual({ code: 'invalid' });
    expect(messageOf(undefined)).toEqual({ code: 'invalid' });
    expect(englishOf(own?.message)).toBe('is not valid');
  });
});

describe('the English catalogues', () => {
  it('word every validation message with exactly the values its code takes', () => {
    for (const [code, params] of Object.entries(VALIDATION_MESSAGES)) {
      const wording = wordingOf(ENGLISH_CATALOGUES.validation, code);
      expect(wording, code).toBeTypeOf('string');
      expect(placeholdersOf(wording!).sort(), code).toEqual([...params].sort());
    }
  });

  it('word every API error with exactly the values its code takes', () => {
    for (const [code, params] of Object.entries(API_ERRORS)) {
      const wording = wordingOf(ENGLISH_CATALOGUES['api-errors'], code);
      expect(wording, code).toBeTypeOf('string');
      expect(placeholdersOf(wording!).sort(), code).toEqual([...params].sort());
    }
  });

  it('hold no message or error that has no code', () => {
    expect(keysOf(ENGLISH_CATALOGUES.validation).sort()).toEqual(Object.keys(VALIDATION_MESSAGES).sort());
    expect(keysOf(ENGLISH_CATALOGUES['api-errors']).sort()).toEqual(Object.keys(API_ERRORS).sort());
  });

  it('fill the values into the wording', () => {
    expect(englishOf(message('maxLength', { max: 64 }))).toBe('must be less than 64 characters');
    expect(englishOf(message('range', { min: 0, max: 99 }))).toBe('must be between 0 and 99');
    expect(englishOf(message('login.emailMax'))).toBe('Email must less than 128 characters');
    expect(englishError('too_many_login_failures', { minutes: 15 })).toBe(
      'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.',
    );
  });

  it("word a field's message from the validation messages, else from the errors", () => {
    expect(englishField({ code: 'required' })).toBe('This field is required');
    expect(englishField({ code: 'email_taken' })).toBe('A user with this email already exists.');
  });
});

import { noteBodySchema } from '@cairn/shared/notes.schemas';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, SessionEndedError } from './api-client.ts';
import { errorMessage, failureMessage, fieldErrorsOf } from './api-errors.ts';
import { messageText } from './message-text.ts';
import { validatedBody } from './validated-body.ts';

// The session lives in the browser's storage; these tests make no call.
vi.mock('./session.ts', () => ({ session: { get: () => null } }));

const apiError = (
  status: number,
  code: string,
  extra: Partial<Pick<ApiError, 'fieldCodes' | 'params'>> = {},
) => new ApiError(status, code, 'as the server said it', 'POST', '/api/x', extra.fieldCodes, extra.params);

describe('API errors worded from their codes', () => {
  it("words a field's message with its values, or the error the field is the cause of", () => {
    const error = apiError(400, 'validation_failed', {
      fieldCodes: {
        topic: { code: 'maxLength', params: { max: 64 } },
        'items.0.count': { code: 'range', params: { min: 0, max: 99 } },
        email: { code: 'email_taken' },
        other: { code: 'no_such_code' },
      },
    });
    expect(fieldErrorsOf(error, (path) => path.split('.')[0]!)).toEqual({
      topic: 'must be less than 64 characters',
      items: 'must be between 0 and 99',
      email: 'A user with this email already exists.',
      other: 'is not valid',
    });
  });

  it('shows field messages of a 400 only', () => {
    expect(
      fieldErrorsOf(apiError(409, 'email_taken', { fieldCodes: { email: { code: 'email_taken' } } })),
    ).toEqual({});
    expect(fieldErrorsOf(new Error('network'))).toEqual({});
  });

  it("words a refusal by its code and values, not the server's sentence", () => {
    expect(failureMessage(apiError(409, 'open_plan_exists'))).toBe(
      'There can only be one open plan at a time.',
    );
    expect(failureMessage(apiError(403, 'forbidden'))).toBe('You do not have permission to do this.');
    expect(failureMessage(apiError(500, 'internal'))).toBe('Something went wrong. Please try again.');
    expect(errorMessage(apiError(429, 'too_many_login_failures', { params: { minutes: 15 } }))).toBe(
      'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.',
    );
    expect(errorMessage(apiError(409, 'a_code_of_a_newer_server'))).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('says nothing for a save that failed because the session ended: its own warning says it all', () => {
    const ended = new SessionEndedError(401, 'unauthorized', 'as the server said it', 'POST', '/api/notes');
    expect(failureMessage(ended)).toBeNull();
    expect(failureMessage(apiError(401, 'unauthorized'))).toBe('Something went wrong. Please try again.');
  });

  it('refuses a body before it leaves the browser, with the messages by code', () => {
    let thrown: unknown;
    try {
      validatedBody(noteBodySchema, { plan_id: 3, topic: '', date: '2026-01-02', notes: 'n' }, '/api/notes');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).fieldCodes).toEqual({ topic: { code: 'required' } });
    expect(fieldErrorsOf(thrown)).toEqual({ topic: 'This field is required' });
  });

  it("never shows zod's own English", () => {
    expect(messageText('Invalid input: expected string, received number')).toBe('is not valid');
  });
});

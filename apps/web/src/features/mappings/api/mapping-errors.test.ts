import { describe, expect, it, vi } from 'vitest';
import { ApiError, SessionEndedError } from '../../../lib/api-client.ts';
import { mappingFailureMessage, mappingFieldErrorsOf } from './mapping-errors.ts';

// The session lives in the browser's storage; these tests make no call.
vi.mock('../../../lib/session.ts', () => ({ session: { get: () => null } }));

const apiError = (status: number, code: string, fieldCodes: ApiError['fieldCodes'] = {}) =>
  new ApiError(status, code, 'as the server said it', 'PUT', '/api/x/1', fieldCodes);

describe('mapping failures (spec §8)', () => {
  it('says an item is missing a mapping in its own words', () => {
    expect(mappingFailureMessage(apiError(400, 'barrier_missing_mapping'))).toBe(
      'The barrier is missing a mapping.',
    );
    expect(mappingFailureMessage(apiError(400, 'support_missing_mapping'))).toBe(
      'The support is missing a mapping.',
    );
    expect(mappingFailureMessage(apiError(400, 'training_missing_mapping'))).toBe(
      'The training is missing a mapping.',
    );
  });

  it('explains the other catalogue rules, and anything else generically', () => {
    expect(mappingFailureMessage(apiError(409, 'catalogue_name_taken'))).toBe(
      'Another active item of this list already has this name.',
    );
    expect(mappingFailureMessage(apiError(400, 'catalogue_other_protected'))).toMatch(/cannot be disabled/);
    expect(mappingFailureMessage(apiError(500, 'internal'))).toBe('Something went wrong. Please try again.');
    expect(mappingFailureMessage(new Error('network'))).toBe('Something went wrong. Please try again.');
  });

  it('says nothing once the session has ended', () => {
    const ended = new SessionEndedError(401, 'unauthorized', '', 'PUT', '/api/x/1');
    expect(mappingFailureMessage(ended)).toBeNull();
  });
});

describe('mapping field errors', () => {
  it('puts a name already taken on the name', () => {
    expect(mappingFieldErrorsOf(apiError(409, 'catalogue_name_taken'))).toEqual({
      name: 'Another active item of this list already has this name.',
    });
  });

  it("shows a 400's field messages by field", () => {
    expect(
      mappingFieldErrorsOf(
        apiError(400, 'validation_failed', { name: { code: 'maxLength', params: { max: 64 } } }),
      ),
    ).toEqual({ name: 'must be less than 64 characters' });
  });
});

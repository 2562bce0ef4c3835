import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error.ts';

describe('loggableError', () => {
  it('keeps the SQL, SQLSTATE and constraint of a failed query, never its parameters or message', () => {
    const cause = Object.assign(new Error('Key (email)=(ada@example.ca) already exists'), {
      code: '23505',
      constraint: 'users_email_live_uq',
    });
    const err = new DrizzleQueryError('insert into users (email) values ($1)', ['ada@example.ca'], cause);
    const logged = JSON.stringify(loggableError(err));
    expect(logged).not.toContain('ada@example.ca');
    expect(loggableError(err)).toEqual({
      type: 'DrizzleQueryError',
      query: 'insert into users (email) values ($1)',
      code: '23505',
      constraint: 'users_email_live_uq',
    });
  });

  it('drops the message of a bare database error', () => {
    const err = Object.assign(new Error('invalid input syntax for type integer: "123456789"'), {
      code: '22P02',
    });
    expect(JSON.stringify(loggableError(err))).not.toContain('123456789');
  });

  it('keeps message and stack of a programming error', () => {
    const logged = loggableError(new TypeError('x is not a function'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
  });
});

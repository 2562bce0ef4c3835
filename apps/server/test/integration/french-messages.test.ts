import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app.ts';

/**
 * What the server writes follows the reader's language (issue 34): an API error's `message` and
 * field messages in the signed-in user's language, else the one Accept-Language prefers, the codes
 * unchanged; a password reset email in its recipient's language, read back from the test SMTP server.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const wrongPassword = (headers: Record<string, string>) =>
  t.call('POST', '/api/auth/login', {
    body: { email: t.demo.reporter.email, password: 'Wrong-pass-1' },
    headers,
  });

describe('messages in the reader’s language', () => {
  it('words an error in the language Accept-Language prefers, its code unchanged', async () => {
    const english = await wrongPassword({});
    const french = await wrongPassword({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' });
    expect(french.status).toBe(english.status);
    expect(french.json.error.code).toBe(english.json.error.code);
    expect(english.json.error.message).toBe('Incorrect email and password combination.');
    expect(french.json.error.message).not.toBe(english.json.error.message);
    expect(french.json.error.message).toMatch(/courriel/i);
    // A language Cairn does not have: English.
    expect((await wrongPassword({ 'accept-language': 'de-DE' })).json.error.message).toBe(
      english.json.error.message,
    );
  });

  it("words a signed-in user's errors and field messages in their language, whatever the browser says", async () => {
    const id = t.demo.reporter.userId;
    const badBody = { locale: 'de' };
    const english = await t.call('PUT', `/api/users/${id}`, { as: 'reporter', body: badBody });
    expect(english.status).toBe(400);
    expect((await t.call('PUT', `/api/users/${id}`, { as: 'reporter', body: { locale: 'fr' } })).status).toBe(
      200,
    );
    try {
      const french = await t.call('PUT', `/api/users/${id}`, {
        as: 'reporter',
        body: badBody,
        headers: { 'accept-language': 'en-CA' },
      });
      expect(french.status).toBe(400);
      expect(french.json.error.code).toBe('validation_failed');
      expect(french.json.error.field_codes).toEqual(english.json.error.field_codes);
      expect(french.json.error.message).not.toBe(english.json.error.message);
      expect(french.json.error.fields.locale).not.toBe(english.json.error.fields.locale);
      // A refusal too (403), worded in French.
      const refused = await t.call('GET', '/api/users', { as: 'reporter' });
      expect(refused.status).toBe(403);
      expect(refused.json.error.message).toMatch(/[éèàç]|vous/i);
    } finally {
      await t.call('PUT', `/api/users/${id}`, { as: 'reporter', body: { locale: 'en' } });
    }
  });

  it("sends a password reset email in its recipient's language", async () => {
    const { userId, email } = t.demo.coordinator2;
    expect(
      (await t.call('PUT', `/api/users/${userId}`, { as: 'coordinator2', body: { locale: 'fr' } })).status,
    ).toBe(200);
    try {
      const skip = t.mailbox.messages.length;
      const res = await t.call('POST', '/api/auth/request-reset', { body: { email } });
      expect(res.status).toBe(200);
      const mail = await t.mailbox.arrived(email, skip);
      expect(mail.raw).toContain('Bonjour');
      expect(mail.raw).toContain('/login/reset-password?token=');
      expect(mail.raw).not.toContain('Hello');
    } finally {
      await t.call('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
      await t.call('PUT', `/api/users/${userId}`, { as: 'coordinator2', body: { locale: 'en' } });
    }
  });
});

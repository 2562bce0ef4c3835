import type { ErrorCode, ErrorResponse, FieldMessage } from '@cairn/shared/errors';
import { FIRST_LOCALE, type Locale } from '@cairn/shared/locales';
import { wordsIn, type Words } from '@cairn/shared/wording';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { preferredLocale } from '../lib/accept-language.ts';

/** The caller's language: the signed-in user's, else the one Accept-Language prefers, else English. */
export function callerLocale(request: FastifyRequest): Locale {
  return request.actor?.locale ?? preferredLocale(request.headers['accept-language']) ?? FIRST_LOCALE;
}

/** A file's words (sheet names, headers, file name): in `lang` (`?lang=`), else the caller's language. */
export function fileWords(request: FastifyRequest, lang: Locale | undefined): Words['spreadsheet'] {
  return wordsIn(lang ?? callerLocale(request)).spreadsheet;
}

/**
 * The API's error answers in the caller's language (issue 34): every error is built in English
 * (lib/http-error.ts) with its code, values and field codes, so its `message` and `fields` are
 * worded again from those in the caller's language; the codes stay as they are. English callers'
 * answers are left untouched.
 */
export function registerErrorLanguage(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{"error"'))
      return payload;
    const locale = callerLocale(request);
    if (locale === FIRST_LOCALE) return payload;
    let body: ErrorResponse;
    try {
      body = JSON.parse(payload) as ErrorResponse;
    } catch {
      return payload;
    }
    const words = wordsIn(locale);
    const error = body.error;
    // Codes the server itself wrote (an unknown one is worded as its code, as in English).
    error.message = words.error(error.code as ErrorCode, error.params);
    if (error.field_codes)
      error.fields = Object.fromEntries(
        Object.entries(error.field_codes).map(([path, f]) => [path, words.field(f as FieldMessage)]),
      );
    return JSON.stringify(body);
  });
}

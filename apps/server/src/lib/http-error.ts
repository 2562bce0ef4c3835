import { ERROR_MESSAGES, type ErrorCode } from '@cairn/shared/errors';

/** An error the API answers with its status, code and the code's message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
  ) {
    super(ERROR_MESSAGES[code]);
  }
}

export const badRequest = (fields: Record<string, string>) => new HttpError(400, 'validation_failed', fields);
export const unauthorized = () => new HttpError(401, 'unauthorized');
export const forbidden = (code: ErrorCode = 'forbidden') => new HttpError(403, code);
export const notFound = (code: ErrorCode = 'not_found') => new HttpError(404, code);
export const conflict = (code: ErrorCode, fields?: Record<string, string>) =>
  new HttpError(409, code, fields);
export const unprocessable = (code: ErrorCode) => new HttpError(422, code);

import { englishError, englishField } from '@cairn/shared/wording';
import type { ErrorCode, ErrorParamsArg, ErrorResponse, FieldMessage } from '@cairn/shared/errors';
import type { MessageParams } from '@cairn/shared/messages';

/** Messages per field, by path (`roles.0.role_id`), each by code and values. */
export type FieldMessages = Record<string, FieldMessage>;

/**
 * The API's one error body: the code, its English message (and the values it takes), and per
 * field the English message and the same message by code and values.
 */
export function errorBody(
  code: ErrorCode,
  {
    params,
    fields,
    clients,
    mergedInto,
  }: {
    params?: MessageParams | undefined;
    fields?: FieldMessages | undefined;
    clients?: ClientNames | undefined;
    mergedInto?: number | undefined;
  } = {},
): ErrorResponse {
  return {
    error: {
      code,
      message: englishError(code, params),
      ...(params ? { params } : {}),
      ...(fields
        ? {
            fields: Object.fromEntries(Object.entries(fields).map(([path, f]) => [path, englishField(f)])),
            field_codes: fields,
          }
        : {}),
      ...(clients ? { clients } : {}),
      ...(mergedInto !== undefined ? { merged_into: mergedInto } : {}),
    },
  };
}

/** The clients an error is about (a group's members without an open plan). */
export type ClientNames = NonNullable<ErrorResponse['error']['clients']>;

/** An error the API answers with its status, code, the code's values and field messages. */
export class HttpError<C extends ErrorCode = ErrorCode> extends Error {
  readonly params: MessageParams | undefined;
  /** The clients the error names, when it is about some. */
  clients: ClientNames | undefined;
  /** With `client_merged`: the client the one asked for was merged into. */
  mergedInto: number | undefined;
  constructor(
    readonly statusCode: number,
    readonly code: C,
    readonly fields?: FieldMessages,
    ...[params]: ErrorParamsArg<C>
  ) {
    super(englishError(code, params));
    this.params = params;
  }

  get body(): ErrorResponse {
    return errorBody(this.code, {
      params: this.params,
      fields: this.fields,
      clients: this.clients,
      mergedInto: this.mergedInto,
    });
  }
}

export const badRequest = (fields: FieldMessages) => new HttpError(400, 'validation_failed', fields);
export const unauthorized = () => new HttpError(401, 'unauthorized');
export const forbidden = (code: ErrorCode = 'forbidden') => new HttpError(403, code);
export const notFound = (code: ErrorCode = 'not_found') => new HttpError(404, code);
/**
 * What a write answered, or 404 when it found nothing (the record went between the access check
 * and the write): thrown inside the write's transaction, so that no change is recorded for it.
 */
export async function orNotFound<T>(written: Promise<T | null | undefined | false>): Promise<T> {
  const value = await written;
  if (value === null || value === undefined || value === false) throw notFound();
  return value;
}
export const conflict = (code: ErrorCode, fields?: FieldMessages) => new HttpError(409, code, fields);
/** 409 naming the clients it is about. */
export function conflictNaming(code: ErrorCode, clients: ClientNames): HttpError {
  const error = new HttpError(409, code);
  error.clients = clients;
  return error;
}
/** 404 `client_merged`: the client asked for was merged into `keptId`, whose profile answers. */
export function mergedClient(keptId: number): HttpError {
  const error = new HttpError(404, 'client_merged');
  error.mergedInto = keptId;
  return error;
}
export const unprocessable = (code: ErrorCode) => new HttpError(422, code);

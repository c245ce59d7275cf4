/** An expected failure with its status and a stable machine-readable code for the JSON body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string = code,
    /** More fields for the JSON body (e.g. the status and id of a FileWasDeleted answer). */
    readonly extra: Record<string, unknown> = {},
    /** Headers of the answer (e.g. Retry-After of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (): HttpError => new HttpError(404, 'not_found', 'Not found');
export const unauthorized = (): HttpError =>
  new HttpError(401, 'unauthorized', 'Missing, unknown or revoked token');
export const badRequest = (message: string): HttpError =>
  new HttpError(400, 'invalid_request', message);
/** SPEC §8: 413 is what the client maps to OutOfStorage. */
export const outOfStorage = (): HttpError =>
  new HttpError(413, 'out_of_storage', 'Rejecting file additions: There is not enough space');
export const fileTooLarge = (): HttpError =>
  new HttpError(413, 'file_too_large', 'File is too large to upload (max 200 GB)');

/** SPEC §8: a refused delete answers the message "Forbidden" (the client then offers no retry). */
export const forbidden = (): HttpError => new HttpError(403, 'forbidden', 'Forbidden');

/** An expected failure with its status and a stable machine-readable code for the JSON body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string = code,
  ) {
    super(message);
  }
}

export const notFound = (): HttpError => new HttpError(404, 'not_found', 'Not found');
export const unauthorized = (): HttpError =>
  new HttpError(401, 'unauthorized', 'Missing, unknown or revoked token');

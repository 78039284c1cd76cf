/** An expected failure a route reports to the client; the error handler sends `body` with `status`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: string; [key: string]: unknown },
  ) {
    super(body.error);
  }
}

export const notFound = () => new HttpError(404, { error: 'Not found' });

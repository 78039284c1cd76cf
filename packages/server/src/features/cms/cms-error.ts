/**
 * A failure talking to a CMS, with a message fit for the user ("Failed to connect WordPress:
 * {message}"). It never carries credentials or the request, only what the site answered.
 */
export class CmsError extends Error {
  constructor(
    message: string,
    /** The site's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CmsError';
  }
}

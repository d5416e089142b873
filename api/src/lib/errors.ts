/** An error whose message is safe and meant for a person; the error handler answers it as `{success:false, error}`. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'You need to sign in to do that.') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** The spec's text for a deleted post (shown in its place), and the refusal of a like, save or comment on it. */
export const POST_DELETED = 'Post was deleted by author.';
/** The text of every rate limit's refusal (HTTP 429 and a socket event's acknowledgement). */
export const tooManyRequestsText = (retryMs: number) =>
  `Too many requests. Please try again in ${Math.max(1, Math.ceil(retryMs / 1000))} seconds.`;
export const tooManyRequests = (retryMs: number) => new HttpError(429, tooManyRequestsText(retryMs));

import { errorText } from '@skynet/shared';

/**
 * The text to show for a failed call: the server's `error`/`message` for an HTTP failure (see errorText),
 * the thrown message for an answer the typed call rejected (e.g. a 200 without a value), else `fallback`.
 */
export function failureText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  const text = errorText(error, fallback);
  if (
    text === fallback &&
    error instanceof Error &&
    !(error as { isAxiosError?: boolean }).isAxiosError &&
    error.message
  )
    return error.message;
  return text;
}

// Small helpers the call modules share.

/** A path segment, encoded. */
export const seg = (value: string) => encodeURIComponent(value);

/** The `message` of an answer that carries one (the spec's texts), else "Done.". */
export function messageOf(response: { data: unknown }): string {
  const data = response.data as { message?: unknown };
  return typeof data.message === 'string' ? data.message : 'Done.';
}

// Which version of a remote this browser gets is @skynet/contract's chooseVersion (the canary split, sticky per
// visitor); this is the visitor id it is keyed on.
import { VISITOR_KEY } from '@skynet/contract';
import { headStartBlock } from '../platform/page';

/** The visitor the page's head start names beside its token (issue 33), if any. */
const signedVisitor = () => {
  const { visitor } = headStartBlock();
  return typeof visitor === 'string' ? visitor : undefined;
};

/**
 * The visitor the page token names (the server's `skynet_visitor` cookie, issue 33), so the bucket the server
 * signed and the shell's choice agree; kept in this browser, so a page without a token (the dev server) stays in
 * the same bucket. Without either, a random id, kept. Sticky per person across reloads.
 */
export function visitorId(
  storage: Storage = window.localStorage,
  signed: string | undefined = signedVisitor(),
): string {
  try {
    const kept = storage.getItem(VISITOR_KEY);
    const id = signed || kept || crypto.randomUUID();
    if (id !== kept) storage.setItem(VISITOR_KEY, id);
    return id;
  } catch {
    return signed || 'anonymous';
  }
}

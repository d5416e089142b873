// Which version of a remote this browser gets is @skynet/contract's chooseVersion (the canary split, sticky per
// visitor); this is the visitor id it is keyed on, kept in this browser.
import { VISITOR_KEY } from '@skynet/contract';

/** A random id per browser, so a canary split is sticky per person across reloads. */
export function visitorId(storage: Storage = window.localStorage): string {
  try {
    let id = storage.getItem(VISITOR_KEY);
    if (!id) {
      id = crypto.randomUUID();
      storage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    return 'anonymous';
  }
}

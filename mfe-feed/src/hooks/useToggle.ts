// A per-user toggle (like, save, follow) shown optimistically: the new state shows at once, the request
// follows, and a failure puts the old state back and says so (spec point 4; the message is a deviation from
// point 8's "only logged", see README.md). One request at a time: clicks while one runs are ignored.
import { notify } from '@skynet/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ToggleOptions {
  /** Reads the current state (on load). Skipped when `enabled` is false. */
  read: () => Promise<boolean>;
  /** Sends the new state. */
  write: (on: boolean) => Promise<void>;
  /** The sentence shown when `write` fails, given the state that was asked for. */
  failureText: (on: boolean) => string;
  /** Called with +1/-1 when the state flips (and the reverse when it is put back). */
  onDelta?: (delta: 1 | -1) => void;
  enabled?: boolean;
}

export interface Toggle {
  /** null until the state is known. */
  on: boolean | null;
  busy: boolean;
  toggle: () => void;
}

export function useToggle({ read, write, failureText, onDelta, enabled = true }: ToggleOptions): Toggle {
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const onRef = useRef<boolean | null>(null);
  onRef.current = on;
  const latest = useRef({ read, write, failureText, onDelta });
  latest.current = { read, write, failureText, onDelta };

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    latest.current.read().then(
      (value) => live && setOn(value),
      () => live && setOn(false),
    );
    return () => {
      live = false;
    };
  }, [enabled]);

  const toggle = useCallback(() => {
    if (busyRef.current || onRef.current === null) return;
    const next = !onRef.current;
    const { write: send, failureText: text, onDelta: delta } = latest.current;
    busyRef.current = true;
    setBusy(true);
    setOn(next);
    onRef.current = next;
    delta?.(next ? 1 : -1);
    send(next)
      .catch((error: unknown) => {
        setOn(!next);
        onRef.current = !next;
        delta?.(next ? -1 : 1);
        // A refusal (403, e.g. a block: issue 31) says why in the server's words; anything else, the toggle's own.
        const refused = (error as { response?: { status?: number; data?: { error?: string } } }).response;
        notify.error((refused?.status === 403 && refused.data?.error) || text(next));
      })
      .finally(() => {
        busyRef.current = false;
        setBusy(false);
      });
  }, []);

  return { on, busy, toggle };
}

import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { readStoredOverrides, writeStoredOverrides } from '../../registry/overrides';
import { OverrideButton } from './OverrideButton';
import { overrideProblem } from './overrideProblem';

export interface OverridePanelProps {
  /** The remotes the registry lists: the only ones that can be overridden. */
  remotes: readonly string[];
  /** The origins overrides may load from (empty: overrides are off on this site). */
  allowed: readonly string[];
  storage: Storage;
  /** Overrides apply at page load: after a change the page reloads. */
  reload: () => void;
}

/**
 * The developer override panel (import-map-overrides' UI, small): lists the overrides stored in this browser, adds
 * one (remote = manifest URL), clears one or all. Focuses its first control when it opens.
 */
export function OverridePanel({ remotes, allowed, storage, reload }: OverridePanelProps) {
  const panelRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('select, input, button')?.focus();
  }, []);
  return (
    <section
      ref={panelRef}
      id="skynet-override-panel"
      aria-label="Developer overrides"
      style={{
        padding: '0.75rem 1rem',
        background: '#1f2937',
        color: '#f9fafb',
        borderBottom: '2px solid #b45309',
      }}
    >
      <h2 style={{ margin: '0 0 0.5rem', fontSize: '1rem' }}>Developer overrides</h2>
      {allowed.length === 0 ? (
        <p style={{ margin: '0' }}>
          Developer overrides are off on this site: its devOverrideOrigins is empty (the server sets it from
          DEV_OVERRIDE_ORIGINS).
        </p>
      ) : (
        <Overrides remotes={remotes} allowed={allowed} storage={storage} reload={reload} />
      )}
    </section>
  );
}

/** The panel's body on a site that allows overrides: the list, the form, the footer. */
function Overrides({ remotes, allowed, storage, reload }: OverridePanelProps) {
  // Read once as the panel opens (a change reloads the page).
  const [stored] = useState(() => readStoredOverrides(storage));
  const active = Object.entries(stored);
  const clear = (remote: string) => {
    const next = readStoredOverrides(storage);
    delete next[remote];
    writeStoredOverrides(storage, next);
    reload();
  };
  const clearAll = () => {
    writeStoredOverrides(storage, {});
    reload();
  };
  return (
    <>
      <ul aria-label="Active overrides" style={{ margin: '0 0 0.5rem', paddingLeft: '1.25rem' }}>
        {active.map(([remote, url]) => (
          <li key={remote}>
            {`${remote} → ${url}`}
            <OverrideButton label={`Clear ${remote}'s override`} onClick={() => clear(remote)}>
              Clear
            </OverrideButton>
          </li>
        ))}
        {active.length === 0 && <li>No override: every remote comes from the registry.</li>}
      </ul>
      <AddOverrideForm remotes={remotes} allowed={allowed} storage={storage} reload={reload} />
      <p style={{ margin: '0.5rem 0 0', fontSize: '0.8rem', opacity: '0.85' }}>
        {`Allowed origins: ${allowed.join(', ')}. Overrides are kept in this browser until cleared.`}
        {active.length > 0 && <OverrideButton onClick={clearAll}>Clear all overrides</OverrideButton>}
      </p>
    </>
  );
}

function AddOverrideForm({ remotes, allowed, storage, reload }: OverridePanelProps) {
  const remoteRef = useRef<HTMLSelectElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const remote = remoteRef.current?.value ?? '';
    const url = urlRef.current?.value.trim() ?? '';
    const why = overrideProblem(remote, url, remotes, allowed);
    if (why) {
      setProblem(why);
      return;
    }
    // Typed here by the person: no confirmation needed (a link's override still asks, resolveOverrides).
    writeStoredOverrides(storage, { ...readStoredOverrides(storage), [remote]: url });
    reload();
  };
  return (
    <form
      style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}
      onSubmit={onSubmit}
    >
      <label>
        {'Remote '}
        <select ref={remoteRef} name="remote">
          {remotes.map((remote) => (
            <option key={remote} value={remote}>
              {remote}
            </option>
          ))}
        </select>
      </label>
      <label>
        {'Manifest URL '}
        <input
          ref={urlRef}
          name="url"
          type="url"
          required
          placeholder="http://localhost:3002/mf-manifest.json"
          style={{ minWidth: '22rem' }}
        />
      </label>
      <button type="submit">Add override</button>
      <p role="alert" style={{ margin: '0.25rem 0 0', width: '100%', color: '#fca5a5' }}>
        {problem}
      </p>
    </form>
  );
}

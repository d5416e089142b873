import { OverrideButton } from './OverrideButton';

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

/** The visible sign that this page runs a remote from elsewhere than the registry: one line per override. */
export function OverrideBanner({
  overrides,
  onClear,
  onTogglePanel,
}: {
  overrides: Record<string, string>;
  onClear: (remote: string) => void;
  onTogglePanel: () => void;
}) {
  return (
    <div
      id="skynet-override-banner"
      role="status"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: '0.5rem 1rem',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '0.35rem 0.75rem',
        background: '#b45309',
        color: '#fff',
      }}
    >
      {Object.entries(overrides).map(([remote, url]) => (
        <span key={remote} title={url}>
          {`Developer override: ${remote} → ${originOf(url)}`}
          <OverrideButton label={`Clear override of ${remote}`} onClick={() => onClear(remote)}>
            Clear override
          </OverrideButton>
        </span>
      ))}
      <OverrideButton label="Developer overrides panel" onClick={onTogglePanel}>
        Overrides
      </OverrideButton>
    </div>
  );
}

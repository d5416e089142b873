import styles from './ui.module.css';

/** A user's picture, or their initial on a coloured disc when they have none. */
export function Avatar({
  url,
  name,
  size = 40,
}: {
  url: string | null | undefined;
  name: string;
  size?: number;
}) {
  if (url) {
    return (
      <img
        className={styles.avatar}
        src={url}
        alt={`${name}'s avatar`}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
    );
  }
  const hue = [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 360;
  return (
    <span
      className={styles.avatarFallback}
      role="img"
      aria-label={`${name}'s avatar`}
      style={{ width: size, height: size, fontSize: size * 0.45, background: `hsl(${hue} 55% 42%)` }}
    >
      {(name[0] ?? '?').toUpperCase()}
    </span>
  );
}

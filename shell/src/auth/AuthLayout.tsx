// The frame every auth screen shares: a starry backdrop, the product mark and a centred card.
// Uses only @skynet/shared and the shell's own styles, so it works with every remote down.
import { useDocumentTitle } from '@skynet/kit';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './auth.module.css';

interface AuthLayoutProps {
  /** The card's heading; also the document title unless `documentTitle` says otherwise. */
  title: string;
  subtitle?: ReactNode;
  documentTitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthLayout({ title, subtitle, documentTitle, children, footer }: AuthLayoutProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <main className={styles.page}>
      <div className={styles.stars} aria-hidden="true" />
      <div className={styles.column}>
        <Link to="/" className={styles.brand} aria-label="Skynet home">
          <svg className={styles.planet} viewBox="0 0 48 48" width="40" height="40" aria-hidden="true">
            <defs>
              <linearGradient id="auth-planet" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stopColor="#9fc3ff" />
                <stop offset="1" stopColor="#6b4bd8" />
              </linearGradient>
            </defs>
            <circle cx="24" cy="24" r="13" fill="url(#auth-planet)" />
            <ellipse
              cx="24"
              cy="24"
              rx="22"
              ry="7"
              fill="none"
              stroke="#cfd9ff"
              strokeWidth="2"
              transform="rotate(-20 24 24)"
            />
          </svg>
          <span className={styles.brandName}>Skynet</span>
        </Link>
        <section className={styles.card} aria-labelledby="auth-title">
          <h1 id="auth-title" className={styles.title}>
            {title}
          </h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          {children}
        </section>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </main>
  );
}

/** "or" between the form and the identity-provider button. */
export function Divider() {
  return (
    <div className={styles.divider} aria-hidden="true">
      <span>or</span>
    </div>
  );
}

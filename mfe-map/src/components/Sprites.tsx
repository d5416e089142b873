import type { CSSProperties } from 'react';
import { EASTER_EGG_SPRITE_PX, type Sprite } from '../map/easterEgg';
import styles from './Sprites.module.css';

/** The easter egg's crew: astronauts and aliens drifting across the map (static when motion is reduced). */
export function Sprites({ sprites, reducedMotion }: { sprites: Sprite[]; reducedMotion: boolean }) {
  return (
    <div className={styles.layer} aria-hidden="true" data-testid="easter-egg">
      {sprites.map((sprite) => {
        const style = reducedMotion
          ? ({ left: `${sprite.restX}%`, top: `${sprite.restY}%` } as CSSProperties)
          : ({
              '--from-x': sprite.direction === 1 ? `-${EASTER_EGG_SPRITE_PX}px` : '100cqw',
              '--to-x': sprite.direction === 1 ? '100cqw' : `-${EASTER_EGG_SPRITE_PX}px`,
              '--from-y': `${sprite.fromY}cqh`,
              '--to-y': `${sprite.toY}cqh`,
              '--spin': `${sprite.spin}deg`,
              animationDuration: `${sprite.duration}s`,
              animationDelay: `${sprite.delay}s`,
            } as CSSProperties);
        return (
          <div
            key={sprite.id}
            className={`${styles.sprite} ${reducedMotion ? styles.resting : styles.drifting}`}
            style={style}
          >
            {sprite.kind === 'astronaut' ? <Astronaut /> : <Alien />}
          </div>
        );
      })}
    </div>
  );
}

function Astronaut() {
  return (
    <svg viewBox="0 0 48 48" width={EASTER_EGG_SPRITE_PX} height={EASTER_EGG_SPRITE_PX} aria-hidden="true">
      <rect x="12" y="22" width="24" height="20" rx="8" fill="#e9ecf5" stroke="#9aa3c7" strokeWidth="1.5" />
      <rect
        x="5"
        y="24"
        width="9"
        height="6"
        rx="3"
        fill="#e9ecf5"
        stroke="#9aa3c7"
        strokeWidth="1.2"
        transform="rotate(-25 9 27)"
      />
      <rect
        x="34"
        y="24"
        width="9"
        height="6"
        rx="3"
        fill="#e9ecf5"
        stroke="#9aa3c7"
        strokeWidth="1.2"
        transform="rotate(25 38 27)"
      />
      <rect x="16" y="38" width="6" height="8" rx="2.5" fill="#e9ecf5" stroke="#9aa3c7" strokeWidth="1.2" />
      <rect x="26" y="38" width="6" height="8" rx="2.5" fill="#e9ecf5" stroke="#9aa3c7" strokeWidth="1.2" />
      <rect x="19" y="28" width="10" height="6" rx="1.5" fill="#ff8a65" />
      <circle cx="24" cy="14" r="11" fill="#f4f6fb" stroke="#9aa3c7" strokeWidth="1.5" />
      <ellipse cx="24" cy="14.5" rx="7.5" ry="6" fill="#243a7a" />
      <ellipse cx="21.5" cy="12.5" rx="2.2" ry="1.4" fill="#9fc3ff" />
    </svg>
  );
}

function Alien() {
  return (
    <svg viewBox="0 0 48 48" width={EASTER_EGG_SPRITE_PX} height={EASTER_EGG_SPRITE_PX} aria-hidden="true">
      <line x1="17" y1="9" x2="13" y2="2" stroke="#5fd39a" strokeWidth="2" strokeLinecap="round" />
      <line x1="31" y1="9" x2="35" y2="2" stroke="#5fd39a" strokeWidth="2" strokeLinecap="round" />
      <circle cx="13" cy="2.5" r="2.5" fill="#ffe27a" />
      <circle cx="35" cy="2.5" r="2.5" fill="#ffe27a" />
      <ellipse cx="24" cy="39" rx="17" ry="6" fill="#a3abd1" />
      <ellipse cx="24" cy="37" rx="17" ry="5" fill="#d6dcf5" />
      <path d="M11 30c0-12 5.8-21 13-21s13 9 13 21c0 4-6 6-13 6s-13-2-13-6Z" fill="#5fd39a" />
      <ellipse cx="18.5" cy="22" rx="4" ry="5" fill="#0b0d1f" />
      <ellipse cx="29.5" cy="22" rx="4" ry="5" fill="#0b0d1f" />
      <circle cx="19.5" cy="20.5" r="1.3" fill="#fff" />
      <circle cx="30.5" cy="20.5" r="1.3" fill="#fff" />
      <path d="M20 30q4 3 8 0" fill="none" stroke="#0b0d1f" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

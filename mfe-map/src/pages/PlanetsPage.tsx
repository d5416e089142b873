import { PageHeader } from '@skynet/kit';
import { useMemo, useState } from 'react';
import { Orrery } from '../components/Orrery';
import styles from '../components/PlanetsPage.module.css';
import { StarField } from '../components/StarField';
import { usePlanets } from '../hooks/usePlanets';
import { useReducedMotion } from '../hooks/useReducedMotion';
import { BUILT_IN_PLANETS, toScenePlanets } from '../map/scene';

/** One second of animation per ten seconds of a planet's orbitDuration: Mercury laps in 8.8 s. */
const SPEED = 0.1;

/** `/planets` (public): the animated solar system. */
export default function PlanetsPage() {
  const { planets } = usePlanets();
  const reducedMotion = useReducedMotion();
  const [paused, setPaused] = useState(false);
  // Paint the built-in layout at once; the API's planets (and their images) replace it when they arrive.
  const scene = useMemo(() => (planets.length ? toScenePlanets(planets) : BUILT_IN_PLANETS), [planets]);

  return (
    // The whole stage beside the rail on a desktop, below a header where every page has it (decisions.md).
    <div className={styles.stagePage} data-stage="">
      <PageHeader title="Solar System">
        {!reducedMotion && (
          <button
            type="button"
            className={styles.pause}
            onClick={() => setPaused((p) => !p)}
            aria-pressed={paused}
          >
            {paused ? 'Play' : 'Pause'}
          </button>
        )}
      </PageHeader>
      <div className={styles.page}>
        <div className={`${styles.stage} ${paused ? styles.paused : ''}`}>
          <StarField className={styles.stars} />
          <div
            className={styles.system}
            role="img"
            aria-label={`The sun and ${scene.length} planets on their orbits: ${scene.map((p) => p.name).join(', ')}`}
          >
            <Orrery planets={scene} speed={SPEED} labels />
          </div>
        </div>
        <p className={styles.caption}>
          {reducedMotion
            ? 'Motion is reduced on your device, so the planets hold still.'
            : 'Sped up: every ten seconds of a planet’s orbit pass in one second here.'}
        </p>
        <ol className={styles.legend}>
          {scene.map((planet) => (
            <li key={planet._id}>
              <span className={styles.dot} style={{ background: planet.colors[1] }} aria-hidden="true" />
              <span className={styles.legendName}>{planet.name}</span>
              <span className={styles.legendMeta}>one orbit every {planet.orbitDuration} s</span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

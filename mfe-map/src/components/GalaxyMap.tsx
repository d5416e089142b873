import { KEYBOARD_OWNER } from '@skynet/kit';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useEasterEgg } from '../hooks/useEasterEgg';
import { useMapGestures } from '../hooks/useMapGestures';
import { useMapView } from '../hooks/useMapView';
import { useMarkerSelection } from '../hooks/useMarkerSelection';
import { useReducedMotion } from '../hooks/useReducedMotion';
import { EASTER_EGG_WORD } from '../map/easterEgg';
import { MAP_HINT_ATTRIBUTE, MAP_HINT_TEXT } from '../map/hint';
import { type ScenePlanet, systemRadius } from '../map/scene';
import styles from './GalaxyMap.module.css';
import { MapControls } from './MapControls';
import { MapWorld } from './MapWorld';
import { Sprites } from './Sprites';
import { StarField } from './StarField';

interface GalaxyMapProps {
  planets: ScenePlanet[];
  homePlanetId?: string | null;
  /** Extra controls shown in the map's top bar (e.g. the link to the list). */
  toolbar?: ReactNode;
}

/**
 * The interactive galaxy map of / and /home: the view (useMapView), the planets' markers (useMarkerSelection,
 * MapWorld), pointer gestures (useMapGestures), the easter egg (useEasterEgg) and the controls (MapControls).
 */
export function GalaxyMap({ planets, homePlanetId, toolbar }: GalaxyMapProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const radius = systemRadius(planets);
  const { size, view, transition, viewRef, sizeRef, setView, zoomBy, recenter, moveByKey } = useMapView(
    viewportRef,
    radius,
  );
  const reducedMotion = useReducedMotion();
  const hintId = useId();
  const markers = useMarkerSelection();
  const egg = useEasterEgg();
  const gestures = useMapGestures({
    viewportRef,
    viewRef,
    sizeRef,
    setView,
    pressingMarker: markers.pressingMarker,
    onClick: (target) => {
      if (target.closest('[data-map-control]')) return;
      egg.countClick();
      if (!target.closest('[data-marker], [data-label]')) markers.deselect();
    },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (!moveByKey(event) && event.key === 'Escape') markers.deselect();
  };

  return (
    <div className={styles.frame} data-stage="">
      <div
        ref={viewportRef}
        className={styles.viewport}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the map itself takes arrow keys and +/-.
        tabIndex={0}
        role="application"
        // The letters that spell the easter egg's word are the map's: the keyboard shortcuts stand aside for them.
        {...{ [KEYBOARD_OWNER]: EASTER_EGG_WORD }}
        aria-roledescription="galaxy map"
        aria-label="Galaxy map"
        aria-describedby={hintId}
        {...gestures}
        onKeyDown={onKeyDown}
      >
        <StarField
          className={styles.stars}
          offsetX={-view.x * Math.sqrt(view.zoom) * 0.25}
          offsetY={-view.y * Math.sqrt(view.zoom) * 0.25}
        />
        <MapWorld
          planets={planets}
          homePlanetId={homePlanetId}
          radius={radius}
          size={size}
          view={view}
          transition={transition}
          stageOf={markers.stageOf}
          idPrefix={hintId}
          onMarkerClick={markers.onMarkerClick}
          onMarkerFocus={markers.onMarkerFocus}
          onMarkerHover={markers.setHovered}
        />
        {egg.sprites && <Sprites sprites={egg.sprites} reducedMotion={reducedMotion} />}
      </div>

      <p id={hintId} className={styles.visuallyHidden}>
        Drag or use the arrow keys to move around, scroll, pinch or press plus and minus to zoom. Tab to a
        planet to see its name; press Enter to open its feed link.
      </p>

      <div className={styles.topBar} data-map-control="">
        {toolbar}
      </div>

      {markers.showHint && (
        <p className={styles.hint} data-map-control="" {...{ [MAP_HINT_ATTRIBUTE]: '' }}>
          {MAP_HINT_TEXT}
        </p>
      )}

      <MapControls view={view} zoomBy={zoomBy} recenter={recenter} />
    </div>
  );
}

import { KEYBOARD_OWNER, paths } from '@skynet/kit';
import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router-dom';
import { useElementSize } from '../hooks/useElementSize';
import { useReducedMotion } from '../hooks/useReducedMotion';
import {
  createClickCounter,
  createKeyBuffer,
  EASTER_EGG_DURATION_MS,
  makeSprites,
  type Sprite,
} from '../map/easterEgg';
import {
  fitZoom,
  formatReadout,
  isAtOrigin,
  KEY_PAN_PX,
  KEY_ZOOM_FACTOR,
  type Point,
  pan,
  pinch,
  type View,
  wheelZoom,
  zoomAt,
} from '../map/math';
import { MIN_MARKER_PX, planetPosition, type ScenePlanet, SUN_RADIUS, systemRadius } from '../map/scene';
import styles from './GalaxyMap.module.css';
import { HouseIcon } from './HouseIcon';
import { PlanetGlyph, Sun } from './PlanetGlyph';
import { Sprites } from './Sprites';
import { StarField } from './StarField';

/** Transition lengths (spec: 0.1 to 0.25 s): the wheel is quick, buttons and keys a little softer. */
const FAST = 0.1;
const SMOOTH = 0.25;
/** A press that moves more than this many pixels is a drag, not a click. */
const DRAG_THRESHOLD = 5;
const FALLBACK_SIZE = { width: 800, height: 600 };

type Stage = 'preview' | 'expanded';

/** Set once a person has tapped a planet: the first-visit hint is not shown again in this browser. */
export const MAP_HINT_SEEN_KEY = 'skynet:map-hint-seen';
export const MAP_HINT_TEXT = 'Tap a planet to preview it';

const hintSeen = () => {
  try {
    return window.localStorage.getItem(MAP_HINT_SEEN_KEY) === '1';
  } catch {
    return true; // storage refused (private mode): no way to remember, so no nagging either
  }
};

interface GalaxyMapProps {
  planets: ScenePlanet[];
  homePlanetId?: string | null;
  /** Extra controls shown in the map's top bar (e.g. the link to the list). */
  toolbar?: React.ReactNode;
}

/** A pointer's position relative to the element's top-left corner. */
function relativeTo(element: HTMLElement | null, event: { clientX: number; clientY: number }): Point {
  const rect = element?.getBoundingClientRect();
  return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
}

/** The interactive galaxy map of / and /home. */
export function GalaxyMap({ planets, homePlanetId, toolbar }: GalaxyMapProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const size = useElementSize(viewportRef, FALLBACK_SIZE);
  const radius = systemRadius(planets);
  const [view, setViewState] = useState<View>(() => ({ x: 0, y: 0, zoom: fitZoom(FALLBACK_SIZE, radius) }));
  const [transition, setTransition] = useState(0);
  const viewRef = useRef(view);
  const sizeRef = useRef(size);
  sizeRef.current = size;
  const fittedFor = useRef<string | null>(null);
  const reducedMotion = useReducedMotion();
  const hintId = useId();

  const setView = useCallback((next: View | ((old: View) => View), seconds: number) => {
    const value = typeof next === 'function' ? next(viewRef.current) : next;
    viewRef.current = value;
    setTransition(seconds);
    setViewState(value);
  }, []);

  // Fit the whole system once the real size is known and when the planets arrive; later resizes (a phone's
  // address bar, a rotation) keep whatever the person has panned to. A layout effect: the fitted view is the first
  // one painted, so the orbits and markers never jump from a provisional zoom (a layout shift of 0.92 on /home).
  useLayoutEffect(() => {
    const key = `${size === FALLBACK_SIZE ? 'fallback' : 'real'}:${radius}`;
    if (fittedFor.current === key || (fittedFor.current?.startsWith('real') && key.startsWith('fallback')))
      return;
    fittedFor.current = key;
    setView({ x: 0, y: 0, zoom: fitZoom(size, radius) }, 0);
  }, [size, radius, setView]);

  // --- Planet markers: hover or first tap previews, second tap (or Enter) expands. -------------------
  const [hovered, setHovered] = useState<string | null>(null);
  const [selected, setSelected] = useState<{ id: string; stage: Stage } | null>(null);
  const pressingMarker = useRef(false);
  const stageOf = (id: string): Stage | null =>
    selected?.id === id ? selected.stage : hovered === id ? 'preview' : null;

  // The one-line invitation for a first visit, gone after the first tap on a planet, for good.
  const [showHint, setShowHint] = useState(() => !hintSeen());
  const onMarkerClick = (id: string) => {
    pressingMarker.current = false;
    if (showHint) {
      setShowHint(false);
      try {
        window.localStorage.setItem(MAP_HINT_SEEN_KEY, '1');
      } catch {
        // not remembered: shown again on the next visit
      }
    }
    setSelected(stageOf(id) ? { id, stage: 'expanded' } : { id, stage: 'preview' });
  };
  const onMarkerFocus = (id: string) => {
    // A pointer press focuses the button too: that first tap is handled by the click.
    if (!pressingMarker.current) setSelected((old) => (old?.id === id ? old : { id, stage: 'preview' }));
  };

  // --- The easter egg. -------------------------------------------------------------------------------
  const [sprites, setSprites] = useState<Sprite[] | null>(null);
  const launches = useRef(0);
  const clicks = useRef(createClickCounter());
  const launch = useCallback(() => {
    launches.current += 1;
    setSprites(makeSprites(launches.current));
  }, []);
  useEffect(() => {
    if (!sprites) return;
    const timer = window.setTimeout(() => setSprites(null), EASTER_EGG_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [sprites]);
  useEffect(() => {
    const buffer = createKeyBuffer();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest?.('input, textarea, select, [contenteditable="true"]')) return;
      if (buffer.push(event.key)) launch();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [launch]);

  // --- Pointers: drag to pan (mouse, pen, one finger), pinch with two fingers. ----------------------
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ view: View; points: Point[]; moved: boolean } | null>(null);
  const suppressClick = useRef(false);

  const local = (event: { clientX: number; clientY: number }) => relativeTo(viewportRef.current, event);
  const startGesture = (moved: boolean) => {
    gesture.current = { view: viewRef.current, points: [...pointers.current.values()], moved };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if ((event.target as HTMLElement).closest('a')) return; // let links in labels work normally
    if ((event.target as HTMLElement).closest('[data-marker]')) pressingMarker.current = true;
    pointers.current.set(event.pointerId, local(event));
    startGesture(gesture.current?.moved ?? false);
    suppressClick.current = false;
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, local(event));
    const g = gesture.current;
    if (!g) return;
    const [a, b] = [...pointers.current.values()];
    const [fromA, fromB] = g.points;
    if (!a || !fromA) return;
    if (b && fromB) {
      g.moved = true;
      setView(pinch(g.view, sizeRef.current, [fromA, fromB], [a, b]), 0);
      return;
    }
    const dx = a.x - fromA.x;
    const dy = a.y - fromA.y;
    if (!g.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!g.moved) {
      g.moved = true;
      // Capture only once it is a drag: capturing on press would steal the click from a marker.
      viewportRef.current?.setPointerCapture?.(event.pointerId);
    }
    setView(pan(g.view, dx, dy), 0);
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const moved = gesture.current?.moved ?? false;
    if (moved) suppressClick.current = true;
    if (pointers.current.size > 0) startGesture(moved);
    else gesture.current = null;
    window.setTimeout(() => {
      pressingMarker.current = false;
    }, 0);
  };

  const onClickCapture = (event: React.MouseEvent<HTMLDivElement>) => {
    if (suppressClick.current) {
      // The end of a drag is not a click on whatever lay under the pointer.
      suppressClick.current = false;
      event.stopPropagation();
      event.preventDefault();
      return;
    }
    const target = event.target as HTMLElement;
    if (target.closest('[data-map-control]')) return;
    if (clicks.current.click()) launch();
    if (!target.closest('[data-marker], [data-label]')) setSelected(null);
  };

  // The wheel needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const delta = event.deltaMode === 1 ? event.deltaY * 33 : event.deltaY; // lines to pixels
      const anchor = relativeTo(element, event);
      setView((old) => zoomAt(old, sizeRef.current, wheelZoom(old.zoom, delta), anchor), FAST);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [setView]);

  const centre = (): Point => ({ x: sizeRef.current.width / 2, y: sizeRef.current.height / 2 });
  const zoomBy = (factor: number) =>
    setView((old) => zoomAt(old, sizeRef.current, old.zoom * factor, centre()), SMOOTH);
  const recenter = () => setView((old) => ({ ...old, x: 0, y: 0 }), SMOOTH);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [KEY_PAN_PX, 0],
      ArrowRight: [-KEY_PAN_PX, 0],
      ArrowUp: [0, KEY_PAN_PX],
      ArrowDown: [0, -KEY_PAN_PX],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setView((old) => pan(old, move[0], move[1]), SMOOTH);
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomBy(KEY_ZOOM_FACTOR);
    } else if (event.key === '-' || event.key === '_') {
      event.preventDefault();
      zoomBy(1 / KEY_ZOOM_FACTOR);
    } else if (event.key === 'Escape') {
      setSelected(null);
    }
  };

  // --- Drawing. ---------------------------------------------------------------------------------------
  const placed = useMemo(
    () => planets.map((planet, index) => ({ planet, ...planetPosition(planet, index) })),
    [planets],
  );
  const tx = size.width / 2 - view.x * view.zoom;
  const ty = size.height / 2 - view.y * view.zoom;
  const worldStyle: CSSProperties = {
    transform: `translate(${tx}px, ${ty}px) scale(${view.zoom})`,
    transitionDuration: `${transition}s`,
  };
  const svgRadius = radius + 40;
  const readout = formatReadout(view);
  const atOrigin = isAtOrigin(view);

  return (
    <div className={styles.frame} data-stage="">
      <div
        ref={viewportRef}
        className={styles.viewport}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the map itself takes arrow keys and +/-.
        tabIndex={0}
        role="application"
        // Typed letters are the map's own (the 'emergency' easter egg): the keyboard shortcuts stand aside.
        {...{ [KEYBOARD_OWNER]: '' }}
        aria-roledescription="galaxy map"
        aria-label="Galaxy map"
        aria-describedby={hintId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClickCapture={onClickCapture}
        onKeyDown={onKeyDown}
      >
        <StarField
          className={styles.stars}
          offsetX={-view.x * Math.sqrt(view.zoom) * 0.25}
          offsetY={-view.y * Math.sqrt(view.zoom) * 0.25}
        />
        {/* The system is drawn once its planets (and so its size) are known: drawn before, its orbits' box would
            change size when they arrive, which moves everything on it. */}
        {placed.length > 0 && (
          <div className={styles.world} style={worldStyle}>
            <svg
              className={styles.orbits}
              style={{ left: -svgRadius, top: -svgRadius, width: 2 * svgRadius, height: 2 * svgRadius }}
              viewBox={`${-svgRadius} ${-svgRadius} ${2 * svgRadius} ${2 * svgRadius}`}
              aria-hidden="true"
              focusable="false"
            >
              <Sun radius={SUN_RADIUS} />
              {placed.map(({ planet }) => (
                <circle
                  key={planet._id}
                  r={planet.orbitRadius}
                  className={planet._id === homePlanetId ? styles.homeOrbit : styles.orbit}
                  vectorEffect="non-scaling-stroke"
                />
              ))}
            </svg>
            {placed.map(({ planet, x, y }) => {
              const home = planet._id === homePlanetId;
              const hit = Math.max(planet.radius * 2, MIN_MARKER_PX / view.zoom);
              const stage = stageOf(planet._id);
              const labelId = `${hintId}-${planet._id}`;
              return (
                <div key={planet._id}>
                  <button
                    type="button"
                    data-marker=""
                    className={`${styles.marker} ${stage ? styles.markerActive : ''}`}
                    style={{ left: x - hit / 2, top: y - hit / 2, width: hit, height: hit }}
                    aria-label={home ? `${planet.name}, your home planet` : planet.name}
                    aria-expanded={stage === 'expanded'}
                    aria-controls={stage ? labelId : undefined}
                    onClick={() => onMarkerClick(planet._id)}
                    onFocus={() => onMarkerFocus(planet._id)}
                    onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(planet._id)}
                    onPointerLeave={(event) => event.pointerType === 'mouse' && setHovered(null)}
                  >
                    <svg
                      className={styles.glyph}
                      viewBox={`${-hit / 2} ${-hit / 2} ${hit} ${hit}`}
                      aria-hidden="true"
                      focusable="false"
                    >
                      <PlanetGlyph planet={planet} />
                    </svg>
                  </button>
                  {!stage && (
                    // Every planet's name under it, small, without hovering: drawn from data-name by CSS, so it
                    // is not a second copy of the name for screen readers (the button carries it) and does not
                    // catch taps (they reach the marker or the map).
                    <div
                      className={styles.tagAnchor}
                      style={{ left: x, top: y + planet.radius }}
                      aria-hidden="true"
                    >
                      <div className={styles.labelScale} style={{ transform: `scale(${1 / view.zoom})` }}>
                        <span className={styles.tag} data-name={planet.name} />
                      </div>
                    </div>
                  )}
                  {stage && (
                    <div
                      className={styles.labelAnchor}
                      style={{ left: x, top: y + Math.max(planet.radius, hit / 2) }}
                      data-label=""
                    >
                      <div className={styles.labelScale} style={{ transform: `scale(${1 / view.zoom})` }}>
                        <div
                          id={labelId}
                          className={`${styles.label} ${stage === 'expanded' ? styles.expanded : ''}`}
                        >
                          <span className={styles.labelName}>
                            {home && (
                              <>
                                <HouseIcon />{' '}
                              </>
                            )}
                            {planet.name}
                          </span>
                          {stage === 'expanded' && (
                            <>
                              {home && <span className={styles.labelNote}>Your home planet</span>}
                              <Link className={styles.labelLink} to={paths.planetFeed(planet)}>
                                Open the {planet.name} feed →
                              </Link>
                            </>
                          )}
                        </div>
                      </div>
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        )}
        {sprites && <Sprites sprites={sprites} reducedMotion={reducedMotion} />}
      </div>

      <p id={hintId} className={styles.visuallyHidden}>
        Drag or use the arrow keys to move around, scroll, pinch or press plus and minus to zoom. Tab to a
        planet to see its name; press Enter to open its feed link.
      </p>

      <div className={styles.topBar} data-map-control="">
        {toolbar}
      </div>

      {showHint && (
        <p className={styles.hint} data-map-control="">
          {MAP_HINT_TEXT}
        </p>
      )}

      <div className={styles.bottomBar} data-map-control="">
        <section className={styles.readout} aria-label="Coordinates and zoom">
          <span>
            X <strong>{readout.x}</strong>
          </span>
          <span>
            Y <strong>{readout.y}</strong>
          </span>
          <span>
            Zoom <strong>{readout.zoom}</strong>
          </span>
        </section>
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.roundButton}
            onClick={() => zoomBy(1 / KEY_ZOOM_FACTOR)}
            aria-label="Zoom out"
            disabled={view.zoom <= 0.1}
          >
            −
          </button>
          <button
            type="button"
            className={styles.roundButton}
            onClick={() => zoomBy(KEY_ZOOM_FACTOR)}
            aria-label="Zoom in"
            disabled={view.zoom >= 10}
          >
            +
          </button>
          <button type="button" className={styles.recenter} onClick={recenter} disabled={atOrigin}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <circle cx="12" cy="12" r="3.2" fill="currentColor" />
              <circle cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path d="M12 1.5v3.5M12 19v3.5M1.5 12H5M19 12h3.5" stroke="currentColor" strokeWidth="1.8" />
            </svg>
            Recenter
          </button>
        </div>
      </div>
    </div>
  );
}

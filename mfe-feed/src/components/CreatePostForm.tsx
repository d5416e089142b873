import { type Planet, POST_MAX_LENGTH } from '@skynet/contract';
import { paths, planetApi, postApi } from '@skynet/kit';
import { errorText, notify, useSession } from '@skynet/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { currentPosition } from '../hooks/position';
import { useComposerSuggestions } from './ComposerSuggestions';
import { ContentWarningField } from './ContentWarningField';
import styles from './Form.module.css';
import { Spinner } from './Spinner';

/**
 * The house symbol before the home planet in the planet selector: U+2302 HOUSE, a text character that ordinary
 * fonts have (DejaVu, Liberation, Segoe UI Symbol), where the emoji showed as an empty box without a colour-emoji
 * font. A native <option> holds text only, so the SVG house of /home-list cannot go here.
 */
export const HOME_MARK = '\u2302';
/** Characters left at which the counter warns and screen readers hear it once (and again at 0). */
export const WARN_LEFT = 20;

/** How close to the limit: 2 well below, 1 within WARN_LEFT, 0 at the limit. */
const closeness = (left: number) => (left === 0 ? 0 : left <= WARN_LEFT ? 1 : 2);

/** /post: 1 to 324 characters and a planet (the home planet preselected); one submit at a time. */
export function CreatePostForm() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [content, setContent] = useState('');
  // Issue 35: a content warning folds the text behind it; the field shows once asked for.
  const [warning, setWarning] = useState<string | null>(null);
  const [planets, setPlanets] = useState<Planet[] | null>(null);
  const [planetId, setPlanetId] = useState(user?.location.planetId ?? '');
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const ids = { content: useId(), counter: useId(), planet: useId() };
  const box = useRef<HTMLTextAreaElement>(null);
  const setText = (text: string) => setContent(text.slice(0, POST_MAX_LENGTH));
  const suggestions = useComposerSuggestions(content, setText, box);
  const homeId = user?.location.planetId;

  useEffect(() => {
    let live = true;
    planetApi.list().then(
      (list) => live && setPlanets(list),
      () => {
        if (!live) return;
        setPlanets([]);
        notify.error('The planet list could not be loaded. Please try again later.');
      },
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!planetId && homeId) setPlanetId(homeId);
  }, [homeId, planetId]);

  const length = content.length;
  const left = POST_MAX_LENGTH - length;
  // The polite live region speaks only when the text comes within WARN_LEFT of the limit and when it reaches it,
  // not on every key; moving away from the limit empties it silently, so the next approach speaks again.
  const [announcement, setAnnouncement] = useState('');
  const lastCloseness = useRef(closeness(left));
  useEffect(() => {
    const now = closeness(left);
    if (now === lastCloseness.current) return;
    const nearer = now < lastCloseness.current;
    lastCloseness.current = now;
    setAnnouncement(nearer ? `${left} ${left === 1 ? 'character' : 'characters'} left` : '');
  }, [left]);
  const valid = content.trim().length > 0 && length <= POST_MAX_LENGTH && planetId !== '';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    // Spec point 4: a submit while one is in progress is ignored.
    if (sendingRef.current || !valid) return;
    sendingRef.current = true;
    setSending(true);
    try {
      const position = await currentPosition();
      const contentWarning = warning?.trim();
      const location = { planetId, ...position };
      const id = await (contentWarning
        ? postApi.create(content, location, { contentWarning })
        : postApi.create(content, location));
      if (!id) {
        notify.error('Post was not able to be created.');
        return;
      }
      notify.success('Post was created!');
      navigate(paths.post(id));
    } catch (error) {
      // The server's message when it sent one; otherwise no id came back.
      notify.error(errorText(error, 'Post was not able to be created.'));
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-busy={sending} noValidate>
      <p className={styles.byline}>
        Posting as <strong>@{user?.userName}</strong>
      </p>
      {warning !== null && (
        <ContentWarningField
          label="Content warning"
          value={warning}
          onChange={setWarning}
          placeholder="What the post is about, e.g. spoilers"
        />
      )}
      <label htmlFor={ids.content} className={styles.visuallyHidden}>
        Post content
      </label>
      <textarea
        id={ids.content}
        ref={box}
        className={styles.textarea}
        placeholder="Share your ideas..."
        value={content}
        onChange={(event) => setText(event.target.value)}
        maxLength={POST_MAX_LENGTH}
        rows={6}
        required
        aria-describedby={ids.counter}
        {...suggestions.boxProps}
      />
      {suggestions.list}
      <div className={styles.row}>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => setWarning((now) => (now === null ? '' : null))}
        >
          {warning === null ? 'Add content warning' : 'Remove content warning'}
        </button>
        <span
          id={ids.counter}
          className={left <= WARN_LEFT ? `${styles.counter} ${styles.low}` : styles.counter}
        >
          {left}
          <span className={styles.visuallyHidden}> characters left</span>
        </span>
        <span className={styles.visuallyHidden} role="status">
          {announcement}
        </span>
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.planet} className={styles.label}>
          Planet
        </label>
        <select
          id={ids.planet}
          className={styles.select}
          value={planetId}
          onChange={(event) => setPlanetId(event.target.value)}
          required
          disabled={planets === null}
        >
          <option value="" disabled>
            {planets === null ? 'Loading planets…' : 'Choose a planet'}
          </option>
          {planets?.map((planet) => (
            <option key={planet._id} value={planet._id}>
              {planet._id === homeId ? `${HOME_MARK} ${planet.name}` : planet.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={styles.primary} disabled={!valid} aria-busy={sending}>
        {sending && <Spinner />}
        <span>Create Post</span>
      </button>
    </form>
  );
}

// The desktop side column (issue 22, xl and wider): search, people to follow, your planet. A chunk of its own,
// loaded only on a window wide enough to show it.
import type { Planet, User } from '@skynet/contract';
import { Avatar, paths, planetApi, userApi } from '@skynet/kit';
import { errorText, useSession } from '@skynet/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate } from 'react-router-dom';
import { Icon } from './NavigationBar';
import styles from './side.module.css';

const SUGGESTIONS = 5;

export default function SideColumn() {
  const target = document.getElementById('nav-root');
  const aside = (
    <aside className={styles.aside} aria-label="Discover">
      <SideSearch />
      <PeopleToFollow />
      <YourPlanet />
    </aside>
  );
  return target ? createPortal(aside, target) : aside;
}

/** Goes to /search with the term, as the Search page's own box does (the text in the path). */
function SideSearch() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const term = text.trim();
    navigate(paths.search(term || undefined));
    setText('');
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not known to Safari < 17 (nor jsdom).
    <form role="search" aria-label="Search Skynet" className={styles.search} onSubmit={submit}>
      <input
        type="search"
        aria-label="Search Skynet"
        className={styles.searchInput}
        placeholder="Search Skynet"
        value={text}
        onChange={(event) => setText(event.target.value)}
        enterKeyHint="search"
      />
      <button type="submit" className={styles.searchButton} aria-label="Search">
        <Icon name="search" size={18} />
      </button>
    </form>
  );
}

function PeopleToFollow() {
  const [people, setPeople] = useState<User[] | null>(null);
  const [followed, setFollowed] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  useEffect(() => {
    let current = true;
    userApi.suggestions(SUGGESTIONS).then(
      (list) => current && setPeople(list),
      () => current && setPeople([]),
    );
    return () => {
      current = false;
    };
  }, []);
  const follow = async (person: User) => {
    setError(null);
    try {
      await userApi.setFollowing(person._id, true);
      setFollowed((before) => new Set(before).add(person._id));
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  if (people !== null && people.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        People to follow
      </h2>
      {people === null ? (
        <p className={styles.muted}>Looking around the galaxy…</p>
      ) : (
        <ul className={styles.people}>
          {people.map((person) => (
            <li key={person._id} className={styles.person}>
              <Link to={paths.user(person._id)} className={styles.personLink}>
                {/* The name beside it says who it is: the picture stays out of the accessibility tree. */}
                <span aria-hidden="true">
                  <Avatar url={person.avatarUrl} name={person.userName} size={36} />
                </span>
                <span className={styles.personName}>{person.userName}</span>
              </Link>
              {followed.has(person._id) ? (
                <span className={styles.followed}>Following</span>
              ) : (
                <button
                  type="button"
                  className={styles.follow}
                  onClick={() => void follow(person)}
                  aria-label={`Follow ${person.userName}`}
                >
                  Follow
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function YourPlanet() {
  const { user } = useSession();
  const planetId = user?.location?.planetId ?? null;
  const [planet, setPlanet] = useState<Planet | null>(null);
  const headingId = useId();
  useEffect(() => {
    if (!planetId) return;
    let current = true;
    // The planet list is cached (the map and the feeds read it too).
    planetApi.list().then(
      (list) => current && setPlanet(list.find((candidate) => candidate._id === planetId) ?? null),
      () => current && setPlanet(null),
    );
    return () => {
      current = false;
    };
  }, [planetId]);
  if (!planet) return null;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        Your planet
      </h2>
      <Link to={paths.planetFeed(planet)} className={styles.planet}>
        <img src={planet.visual.imageUrl} alt="" width={48} height={48} className={styles.planetImage} />
        <span>
          <span className={styles.planetName}>{planet.name}</span>
          <span className={styles.muted}>Your home planet's feed</span>
        </span>
      </Link>
    </section>
  );
}

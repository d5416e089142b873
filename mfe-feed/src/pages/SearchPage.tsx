import { PageHeader, paths, postApi, userApi } from '@skynet/kit';
import { dropPrerendered } from '@skynet/shared';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Notice, Page } from '../components/Page';
import { PostList } from '../components/PostList';
import styles from '../components/Search.module.css';
import { SearchIcon } from '../components/SearchIcon';
import { PagedUserList } from '../components/UserList';
import { ViewToggles } from '../components/ViewToggles';
import { SENT_ATTRIBUTE } from '../prerender/static-page';

type Kind = 'posts' | 'users';
const KINDS = [
  ['posts', 'Posts'],
  ['users', 'Users'],
] as const;

/** The search box of the HTML's drawing of this page (signed-in `/search`, ../prerender), while it is there. */
const prerenderedBox = () =>
  typeof document === 'undefined'
    ? null
    : document.querySelector<HTMLInputElement>('#prerendered input[type="search"]');

/**
 * /search and /search/:text. The text lives in the path (encoded by paths.search), the Posts/Users choice in
 * the query (?in=users), so both survive reload and the back button. Results page from 0.
 */
export default function SearchPage() {
  const { text = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const kind: Kind = params.get('in') === 'users' ? 'users' : 'posts';
  const navigate = useNavigate();
  // What was typed into the HTML's box before this page was up is the draft's start.
  const [draft, setDraft] = useState(() => text || (prerenderedBox()?.value ?? ''));
  // A new text in the path (a search sent, back, forward) is the draft's start again.
  const [shownText, setShownText] = useState(text);
  if (text !== shownText) {
    setShownText(text);
    setDraft(text);
  }
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // The HTML's drawing of this page gives way to it before the next paint, the focus kept where it was; a search
  // sent from its box before this page was up is sent now (../prerender/static-page.ts marks the form).
  const sentBeforeUp = useRef('');
  useLayoutEffect(() => {
    const box = prerenderedBox();
    const hadFocus = box !== null && document.activeElement === box;
    if (box?.form?.hasAttribute(SENT_ATTRIBUTE)) sentBeforeUp.current = box.value.trim();
    dropPrerendered();
    // After the drop: until then this page is hidden, and a hidden box takes no focus.
    if (hadFocus) inputRef.current?.focus();
  }, []);
  useEffect(() => {
    if (sentBeforeUp.current) navigate(paths.search(sentBeforeUp.current));
    sentBeforeUp.current = '';
  }, [navigate]);

  const query = text.trim();
  const searchPosts = useCallback((page: number) => postApi.search(query, page), [query]);
  const searchUsers = useCallback((page: number) => userApi.search(query, page), [query]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const next = draft.trim();
    const suffix = kind === 'users' ? '?in=users' : '';
    navigate(`${paths.search(next)}${suffix}`);
  }

  function choose(next: Kind) {
    setParams(next === 'users' ? { in: 'users' } : {}, { replace: true });
  }

  return (
    <Page>
      <PageHeader title="Search" />
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not known to Safari < 17 (nor jsdom). */}
      <form role="search" className={styles.form} onSubmit={submit}>
        <label htmlFor={inputId} className={styles.visuallyHidden}>
          Search
        </label>
        <input
          id={inputId}
          ref={inputRef}
          type="search"
          className={styles.input}
          placeholder="Search for anything in the universe..."
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          enterKeyHint="search"
        />
        {/* A magnifier inside the box's end, named Search: the box gets the row's whole width, so the placeholder
            fits a 390 px phone. */}
        <button type="submit" className={styles.submit}>
          <SearchIcon />
          <span className={styles.visuallyHidden}>Search</span>
        </button>
      </form>
      <ViewToggles label="Search in" options={KINDS} value={kind} onChange={choose} />
      {!query ? (
        <Notice>Type something and press Enter to search posts and people.</Notice>
      ) : kind === 'posts' ? (
        <PostList
          fetchPage={searchPosts}
          firstPage={0}
          label={`Posts matching ${query}`}
          resetKey={`p:${query}`}
        />
      ) : (
        <PagedUserList fetchPage={searchUsers} label={`Users matching ${query}`} resetKey={`u:${query}`} />
      )}
    </Page>
  );
}

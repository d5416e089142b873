import { paths, postApi, userApi } from '@skynet/kit';
import { dropPrerendered } from '@skynet/shared';
import { type FormEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Notice } from '../components/Page';
import { PostList } from '../components/PostList';
import styles from '../components/Search.module.css';
import { SearchFrame, type SearchKind } from '../components/SearchFrame';
import { PagedUserList } from '../components/UserList';
import { UNFILLED_ATTRIBUTE } from '../prerender/route-fill';
import { SENT_ATTRIBUTE } from '../prerender/static-page';

/** The HTML's drawing of this page (signed-in `/search` or `/search/:text`, ../prerender), while it is there. */
const prerendered = () => (typeof document === 'undefined' ? null : document.getElementById('prerendered'));
const boxOf = (drawing: HTMLElement | null) =>
  drawing?.querySelector<HTMLInputElement>('input[type="search"]') ?? null;

/**
 * /search and /search/:text. The text lives in the path (encoded by paths.search), the Posts/Users choice in
 * the query (?in=users), so both survive reload and the back button. Results page from 0.
 */
export default function SearchPage() {
  const { text = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const kind: SearchKind = params.get('in') === 'users' ? 'users' : 'posts';
  const navigate = useNavigate();
  // What was typed into the HTML's box before this page was up is the draft's start: on `/search`'s drawing unless
  // the path has a text; on `/search/:text`'s, which the HTML filled with that text, always.
  // (Not from a drawing still waiting for its fill: its box holds a slot.)
  const [draft, setDraft] = useState(() => {
    const drawing = prerendered();
    const drawn = boxOf(drawing);
    if (!drawing || !drawn || drawn.closest(`[${UNFILLED_ATTRIBUTE}]`)) return text;
    return drawing.querySelector('[data-posts]') ? drawn.value : text || drawn.value;
  });
  // A new text in the path (a search sent, back, forward) is the draft's start again.
  const [shownText, setShownText] = useState(text);
  if (text !== shownText) {
    setShownText(text);
    setDraft(text);
  }
  const inputRef = useRef<HTMLInputElement>(null);
  // The HTML's drawing gives way to this page, the focus kept where it was; a search sent from its box before this
  // page was up is sent now (../prerender marks the form). `/search`'s drawing goes before the next paint;
  // `/search/:text`'s, which shows the first results, when the real list has them (PostList drops it).
  const sentBeforeUp = useRef('');
  useLayoutEffect(() => {
    const drawing = prerendered();
    const box = boxOf(drawing);
    if (!drawing || !box) {
      dropPrerendered();
      return;
    }
    const hadFocus = document.activeElement === box;
    if (box.form?.hasAttribute(SENT_ATTRIBUTE)) sentBeforeUp.current = box.value.trim();
    // After the drop: until then this page is hidden, and a hidden box takes no focus.
    const takeFocus = () => {
      if (hadFocus) inputRef.current?.focus();
    };
    if (!drawing.querySelector('[data-posts]') || !drawing.parentNode) {
      dropPrerendered();
      takeFocus();
      return;
    }
    const watch = new MutationObserver(() => {
      if (drawing.isConnected) return;
      watch.disconnect();
      takeFocus();
    });
    watch.observe(drawing.parentNode, { childList: true });
    return () => watch.disconnect();
  }, []);
  useEffect(() => {
    if (sentBeforeUp.current) navigate(paths.search(sentBeforeUp.current));
    sentBeforeUp.current = '';
  }, [navigate]);

  const query = text.trim();
  const searchPosts = useCallback((page: number) => postApi.search(query, page), [query]);
  const searchUsers = useCallback((page: number) => userApi.search(query, page), [query]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = draft.trim();
    const suffix = kind === 'users' ? '?in=users' : '';
    navigate(`${paths.search(next)}${suffix}`);
  }

  function choose(next: SearchKind) {
    setParams(next === 'users' ? { in: 'users' } : {}, { replace: true });
  }

  // Nothing on one side (issue 35): said so, with the other side one press away.
  const none = (
    <div className={styles.none}>
      <p>
        No {kind === 'posts' ? 'posts' : 'people'} match “{query}”.
      </p>
      <button
        type="button"
        className={styles.other}
        onClick={() => choose(kind === 'posts' ? 'users' : 'posts')}
      >
        {kind === 'posts' ? 'Search people instead' : 'Search posts instead'}
      </button>
    </div>
  );

  return (
    <SearchFrame
      draft={draft}
      onDraft={setDraft}
      onSubmit={submit}
      kind={kind}
      onKind={choose}
      inputRef={inputRef}
    >
      {!query ? (
        <Notice>Type something and press Enter to search posts and people.</Notice>
      ) : kind === 'posts' ? (
        <PostList
          fetchPage={searchPosts}
          firstPage={0}
          label={postsLabel(query)}
          resetKey={`p:${query}`}
          empty={none}
        />
      ) : (
        <PagedUserList
          fetchPage={searchUsers}
          label={`Users matching ${query}`}
          resetKey={`u:${query}`}
          empty={none}
        />
      )}
    </SearchFrame>
  );
}

/** The post results' name, also drawn in the HTML's drawing of `/search/:text` (../prerender/index.tsx). */
export const postsLabel = (query: string) => `Posts matching ${query}`;

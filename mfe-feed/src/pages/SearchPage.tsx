import { PageHeader, paths, postApi, userApi } from '@skynet/kit';
import { useCallback, useEffect, useId, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Notice, Page } from '../components/Page';
import { PostList } from '../components/PostList';
import styles from '../components/Search.module.css';
import { SearchIcon } from '../components/SearchIcon';
import { PagedUserList } from '../components/UserList';
import { ViewToggles } from '../components/ViewToggles';

type Kind = 'posts' | 'users';
const KINDS = [
  ['posts', 'Posts'],
  ['users', 'Users'],
] as const;

/**
 * /search and /search/:text. The text lives in the path (encoded by paths.search), the Posts/Users choice in
 * the query (?in=users), so both survive reload and the back button. Results page from 0.
 */
export default function SearchPage() {
  const { text = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const kind: Kind = params.get('in') === 'users' ? 'users' : 'posts';
  const navigate = useNavigate();
  const [draft, setDraft] = useState(text);
  const inputId = useId();
  useEffect(() => setDraft(text), [text]);

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

import { PageHeader } from '@skynet/kit';
import { type FormEvent, type ReactNode, type Ref, useId } from 'react';
import { Page } from './Page';
import styles from './Search.module.css';
import { SearchIcon } from './SearchIcon';
import { ViewToggles } from './ViewToggles';

export type SearchKind = 'posts' | 'users';
const KINDS = [
  ['posts', 'Posts'],
  ['users', 'Users'],
] as const;

interface SearchFrameProps {
  draft: string;
  onDraft(value: string): void;
  onSubmit(event: FormEvent): void;
  kind: SearchKind;
  onKind(kind: SearchKind): void;
  inputRef?: Ref<HTMLInputElement>;
  /** The results, or the hint before anything is searched. */
  children: ReactNode;
}

/**
 * The search page's frame: its header, box and Posts/Users choice above the results. Also drawn at build time
 * around a placeholder text for the HTML's drawing of `/search/:text` (../prerender/index.tsx), so both look the same.
 */
export function SearchFrame({
  draft,
  onDraft,
  onSubmit,
  kind,
  onKind,
  inputRef,
  children,
}: SearchFrameProps) {
  const inputId = useId();
  return (
    <Page>
      <PageHeader title="Search" />
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not known to Safari < 17 (nor jsdom). */}
      <form role="search" className={styles.form} onSubmit={onSubmit}>
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
          onChange={(event) => onDraft(event.target.value)}
          enterKeyHint="search"
        />
        {/* A magnifier inside the box's end, named Search: the box gets the row's whole width, so the placeholder
            fits a 390 px phone. */}
        <button type="submit" className={styles.submit}>
          <SearchIcon />
          <span className={styles.visuallyHidden}>Search</span>
        </button>
      </form>
      <ViewToggles label="Search in" options={KINDS} value={kind} onChange={onKind} />
      {children}
    </Page>
  );
}

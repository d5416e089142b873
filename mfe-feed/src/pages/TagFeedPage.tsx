import { feedApi, PageHeader } from '@skynet/kit';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { Page } from '../components/Page';
import { PostList } from '../components/PostList';

/** /tag/{tag}: a hashtag's posts, newest first (issue 35). Pages from 1, as the galaxy's. */
export default function TagFeedPage() {
  const { tag: raw = '' } = useParams();
  // `/tag/Mars` and `/tag/mars` are one tag: the server compares them lowercase, so does the heading.
  const tag = raw.replace(/^#/, '').toLowerCase();
  const fetchPage = useCallback((page: number) => feedApi.tag(tag, page), [tag]);
  return (
    <Page>
      <PageHeader title={`#${tag}`} />
      <PostList
        fetchPage={fetchPage}
        firstPage={1}
        label={tagFeedLabel(tag)}
        resetKey={tag}
        empty={<p>No posts with #{tag} yet.</p>}
      />
    </Page>
  );
}

export const tagFeedLabel = (tag: string) => `Posts tagged #${tag}`;

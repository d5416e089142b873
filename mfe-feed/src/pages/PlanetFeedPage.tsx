import { feedApi, Loader, PageHeader, planetApi } from '@skynet/kit';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Page } from '../components/Page';
import { PostList } from '../components/PostList';

export default function PlanetFeedPage() {
  const { id = '' } = useParams();
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setName(null);
    planetApi
      .list()
      .then(
        (planets) =>
          planets.find((planet) => planet._id === id)?.name ?? planetApi.get(id).then((p) => p.name),
      )
      .then(
        (found) => live && setName(found),
        () => live && setName('Planet'),
      );
    return () => {
      live = false;
    };
  }, [id]);
  // A planet's feed numbers its pages from 1, like the galaxy (spec point 4).
  const fetchPage = useCallback((page: number) => feedApi.of(id, page), [id]);
  return (
    <Page>
      <PageHeader title={name ?? 'Planet'} />
      {name === null ? (
        <Loader label="Loading planet" />
      ) : (
        <PostList fetchPage={fetchPage} firstPage={1} label={planetFeedLabel(name)} resetKey={id} live={id} />
      )}
    </Page>
  );
}

/** The feed's name, also drawn in the HTML's drawing of a planet's feed (../prerender/index.tsx). */
export const planetFeedLabel = (name: string) => `${name} feed`;

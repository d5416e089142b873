import type { Post } from '@skynet/contract';
import { session } from '@skynet/shared';
import { startFirstPage, withHeadStart } from './firstPage';

const post = (id: string) => ({ _id: id }) as Post;

beforeEach(() => {
  window.localStorage.setItem('jwt', 'a.saved.token');
  jest.spyOn(session, 'get').mockReturnValue({ ...session.get(), token: 'a.saved.token', status: 'loading' });
});
afterEach(() => jest.restoreAllMocks());

test('the first fetch of the started page gets the answer already on its way; later fetches ask again', async () => {
  let calls = 0;
  const fetch = jest.fn(async (page: number): Promise<Post[]> => [post(`p${page}-${++calls}`)]);
  startFirstPage(fetch, 1);
  expect(fetch).toHaveBeenCalledTimes(1);
  const list = withHeadStart(fetch);
  expect(await list(1)).toEqual([post('p1-1')]);
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(await list(1)).toEqual([post('p1-2')]);
  expect(await list(2)).toEqual([post('p2-3')]);
});

test('another list, or another page, is never answered from it', async () => {
  const started = jest.fn(async () => [post('started')]);
  const other = jest.fn(async () => [post('other')]);
  startFirstPage(started, 1);
  expect(await withHeadStart(other)(1)).toEqual([post('other')]);
  expect(await withHeadStart(started)(2)).toEqual([post('started')]);
  expect(started).toHaveBeenCalledTimes(2);
});

test('nothing is requested without a saved session', () => {
  jest.spyOn(session, 'get').mockReturnValue({ ...session.get(), token: null, status: 'signed-out' });
  const fetch = jest.fn(async () => [] as Post[]);
  startFirstPage(fetch, 1);
  expect(fetch).not.toHaveBeenCalled();
});

test('an answer older than ten seconds is not used', async () => {
  const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
  let call = 0;
  const fetch = jest.fn(async () => [post(`answer${++call}`)]);
  startFirstPage(fetch, 1);
  now.mockReturnValue(1_000_000 + 10_001);
  expect(await withHeadStart(fetch)(1)).toEqual([post('answer2')]);
});

test('a session that ends drops it: the next person on this page never gets it', async () => {
  let call = 0;
  const fetch = jest.fn(async () => [post(`answer${++call}`)]);
  startFirstPage(fetch, 1);
  session.signOut();
  expect(await withHeadStart(fetch)(1)).toEqual([post('answer2')]);
});

import type { AxiosCacheInstance } from 'axios-cache-interceptor';
import { sessionCalls } from '../session/calls';
import { session } from '../session/store';
import { httpClient } from './client';
import { getEnvelope, unwrap } from './envelope';
import { callKey, takeHeadStart } from './headStart';
import { writeToken } from './token';

/** The Galactic Feed's page as mfe-feed asks for it (@skynet/kit feedApi.galaxy). */
const galaxy = async (n: number) => unwrap(await getEnvelope('/feed', { params: { page: n } }));

const page = globalThis as { __skynetHeadStart?: { at: number; answers: Record<string, Promise<unknown>> } };
const startedAt = (at: number, answers: Record<string, unknown>) => {
  page.__skynetHeadStart = {
    at,
    answers: Object.fromEntries(Object.entries(answers).map(([call, body]) => [call, Promise.resolve(body)])),
  };
};

let http: AxiosCacheInstance;
const asked: string[] = [];
beforeAll(async () => {
  http = await httpClient();
  http.defaults.adapter = async (config) => {
    asked.push(callKey(config.url ?? '', config.params));
    return {
      data: { success: true, value: config.url === '/user' ? { _id: 'from-network' } : [] },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    };
  };
});
beforeEach(() => {
  asked.length = 0;
  delete page.__skynetHeadStart;
});

test('calls are named as the page names them: the path, then the query in order', () => {
  expect(callKey('/user')).toBe('/user');
  expect(callKey('/user/login', { token: 'refresh' })).toBe('/user/login?token=refresh');
  expect(callKey('/feed', { page: 1 })).toBe('/feed?page=1');
  expect(callKey('/search', { q: 'a b', skip: undefined })).toBe('/search?q=a+b');
});

test("the page's first calls are answered by what the HTML started, each once", async () => {
  writeToken('t');
  startedAt(Date.now(), {
    '/user': { success: true, value: { _id: 'from-page' } },
    '/feed?page=1': { success: true, value: [{ _id: 'p1' }] },
  });
  await expect(sessionCalls.currentUser()).resolves.toEqual({ _id: 'from-page' });
  await expect(galaxy(1)).resolves.toEqual([{ _id: 'p1' }]);
  expect(asked).toEqual([]);
  // A second lookup is a new question: it goes to the API.
  await expect(sessionCalls.currentUser()).resolves.toEqual({ _id: 'from-network' });
  expect(asked).toEqual(['/user']);
});

test('a failed, stale or other call asks the API itself', async () => {
  writeToken('t');
  startedAt(Date.now(), { '/user/login?token=refresh': null });
  await sessionCalls.refreshToken();
  expect(asked).toEqual(['/user/login?token=refresh']);
  startedAt(Date.now() - 60_000, { '/user': { success: true, value: { _id: 'stale' } } });
  await expect(sessionCalls.currentUser()).resolves.toEqual({ _id: 'from-network' });
  startedAt(Date.now(), { '/feed?page=1': { success: true, value: [] } });
  await galaxy(2);
  expect(asked).toEqual(['/user/login?token=refresh', '/user', '/feed?page=2']);
});

test('nothing started for one session answers after it ends or someone signs in', async () => {
  writeToken('t');
  startedAt(Date.now(), { '/user': { success: true, value: { _id: 'first-person' } } });
  session.signOut();
  expect(takeHeadStart('/user')).toBeNull();
  startedAt(Date.now(), { '/user': { success: true, value: { _id: 'first-person' } } });
  await session.signIn('someone-else');
  expect(asked).toEqual(['/user']);
  expect(session.get().user).toEqual({ _id: 'from-network' });
});

import { httpClient } from '@skynet/shared';
import type { AxiosCacheInstance } from 'axios-cache-interceptor';
import { exportApi, reportApi, safetyApi } from './safety';

let http: AxiosCacheInstance;
beforeAll(async () => {
  http = await httpClient();
});

let sent: { method?: string; url?: string; data?: unknown; params?: unknown }[] = [];
let answer: unknown = { success: true, value: true };

beforeEach(() => {
  sent = [];
  answer = { success: true, value: true };
  http.defaults.adapter = async (config) => {
    sent.push({
      method: config.method,
      url: config.url,
      data: config.data ? JSON.parse(config.data as string) : undefined,
      params: config.params,
    });
    return { data: answer, status: 200, statusText: 'OK', headers: {}, config };
  };
});

test('block, unblock, mute and unmute call the person’s path with the method the contract names', async () => {
  expect(await safetyApi.block('u 2')).toBe(true);
  await safetyApi.unblock('u2');
  await safetyApi.mute('u2');
  await safetyApi.unmute('u2');
  expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
    'post /user/u%202/block',
    'delete /user/u2/block',
    'post /user/u2/mute',
    'delete /user/u2/mute',
  ]);
});

test('lists page from 0 and a muted word is sent with its days only when it expires', async () => {
  answer = { success: true, value: [] };
  await safetyApi.blocks(0);
  await safetyApi.mutes(2);
  answer = { success: true, value: { _id: 'w1', word: 'x', expiresAt: null, createdAt: 'now' } };
  await safetyApi.addMutedWord('spoiler');
  await safetyApi.addMutedWord('eclipse', 7);
  expect(sent.map(({ url, params, data }) => [url, params ?? data])).toEqual([
    ['/user/blocks', { page: 0 }],
    ['/user/mutes', { page: 2 }],
    ['/user/mutedWords', { word: 'spoiler' }],
    ['/user/mutedWords', { word: 'eclipse', days: 7 }],
  ]);
});

test('a report leaves out empty words and answers its id; the policy and the export are sent', async () => {
  answer = { success: true, value: { _id: 'r1' } };
  const id = await reportApi.report({ targetType: 'post', targetId: 'p1', reason: 'spam', text: '  ' });
  expect(id).toBe('r1');
  await reportApi.report({ targetType: 'user', targetId: 'u2', reason: 'other', text: 'Impersonates me' });
  answer = { success: true, value: 'nobody' };
  expect(await safetyApi.messagePolicy('nobody')).toBe('nobody');
  answer = { success: true, value: { _id: 'e1', status: 'pending', createdAt: 'a', expiresAt: 'b' } };
  await exportApi.requestExport();
  expect(sent.map(({ method, url, data }) => [method, url, data])).toEqual([
    ['post', '/report', { targetType: 'post', targetId: 'p1', reason: 'spam' }],
    ['post', '/report', { targetType: 'user', targetId: 'u2', reason: 'other', text: 'Impersonates me' }],
    ['patch', '/user/messagePolicy', { policy: 'nobody' }],
    ['post', '/user/export', undefined],
  ]);
});

// Direct messages (issue 6): two people in two browser contexts chatting live over the one shared socket.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { type Api, apiFor, collectErrors, expect, signIn, type TestUser, test } from '../fixtures';
import { startProduct } from '../product';

interface Person {
  user: TestUser;
  context: BrowserContext;
  page: Page;
  /** New socket.io sessions this page opened (engine.io handshakes: a polling request without a sid). */
  handshakes: string[];
  /** WebSocket connections this page opened. */
  websockets: string[];
  /** socket.io packets this page sent, over polling or WebSocket (e.g. '42["leaveID","…"]'). */
  packets: string[];
  /** socket.io packets this page received over WebSocket (e.g. '42["newMessage",{…}]'). */
  received: string[];
  /** POST /api/user/getchats requests this page made. */
  historyFetches: number;
}

/** A person signed in on a page of their own browser context, with the page's socket traffic recorded. */
async function personOn(browser: Browser, baseURL: string, user: TestUser): Promise<Person> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, user);
  const person: Person = {
    user,
    context,
    page,
    handshakes: [],
    websockets: [],
    packets: [],
    received: [],
    historyFetches: 0,
  };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/user/getchats') person.historyFetches += 1;
    if (!url.pathname.startsWith('/socket.io/')) return;
    if (
      request.method() === 'GET' &&
      url.searchParams.get('transport') === 'polling' &&
      !url.searchParams.has('sid')
    )
      person.handshakes.push(request.url());
    // Polling bodies carry several packets separated by the record separator.
    if (request.method() === 'POST') person.packets.push(...(request.postData() ?? '').split('\x1e'));
  });
  page.on('websocket', (ws) => {
    person.websockets.push(ws.url());
    ws.on('framesent', ({ payload }) => {
      if (typeof payload === 'string') person.packets.push(payload);
    });
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string') person.received.push(payload);
    });
  });
  return person;
}

/** The socket.io events of one name in these packets, with all their arguments. */
const eventsIn = (packets: string[], event: string) =>
  packets
    .map((packet) => packet.match(/^42\d*(\[.*\])$/s)?.[1])
    .filter((body): body is string => Boolean(body))
    .map((body) => JSON.parse(body) as [string, ...unknown[]])
    .filter(([name]) => name === event)
    .map(([, ...args]) => args);

/** The socket.io events of one name this page sent, with their first argument. */
const sentEvents = (person: Person, event: string) => eventsIn(person.packets, event).map(([arg]) => arg);

/** The socket.io events of one name this page received over WebSocket, with their first argument. */
const receivedEvents = (person: Person, event: string) =>
  eventsIn(person.received, event).map(([arg]) => arg);

/** Navigates inside the single-page app, the way a link click does. */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const messageInput = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });

/** Opens the chat with `partner` and waits for its history and its live connection. */
async function openChat(person: Person, partner: TestUser) {
  const connected = person.page.waitForEvent('websocket');
  await person.page.goto(`/messages/${partner._id}`);
  await expect(person.page.getByRole('heading', { level: 1, name: partner.userName })).toBeVisible();
  await expect(messages(person.page)).toBeVisible();
  await connected;
}

async function send(page: Page, text: string, how: 'enter' | 'click' = 'enter') {
  await messageInput(page).fill(text);
  if (how === 'enter') await messageInput(page).press('Enter');
  else await page.getByRole('button', { name: 'Send' }).click();
  await expect(messageInput(page)).toHaveValue('');
}

/** Sends a message through the API (retried once: right after a restart a kept-alive connection may be stale). */
async function seedConversation(api: Api, from: TestUser, to: TestUser, content: string): Promise<string> {
  const call = () =>
    api.call<{ value: { conversationId: string } }>('POST', '/user/chat', {
      token: from.token,
      data: { receiverId: to._id, content },
    });
  const answer = await call().catch(async (error: Error) => {
    if (/answered \d+/.test(error.message)) throw error;
    return call();
  });
  return answer.value.conversationId;
}

test.describe('direct messages', () => {
  test('two people chat live, from the first message of a new conversation on both sides', async ({
    browser,
    api,
    baseURL,
  }) => {
    const [alice, bob] = await Promise.all([api.createUser(), api.createUser()]);
    const a = await personOn(browser, baseURL!, alice);
    const b = await personOn(browser, baseURL!, bob);
    const errors = [...collectErrors(a.page), ...collectErrors(b.page)];
    try {
      await openChat(a, bob);
      await openChat(b, alice);
      // The header: back button, partner's avatar and name linking to their profile.
      await expect(a.page.getByRole('button', { name: 'Back' })).toBeVisible();
      await expect(
        a.page.getByRole('main').getByRole('link', { name: new RegExp(bob.userName) }),
      ).toHaveAttribute('href', `/user/${bob._id}`);
      await expect(a.page.getByRole('img', { name: `${bob.userName}'s avatar` })).toBeVisible();
      await expect(messages(a.page)).toHaveText('No Messages to Show');
      await expect(messages(b.page)).toHaveText('No Messages to Show');
      await expect(messageInput(a.page)).toHaveAttribute('placeholder', 'type here');
      await expect(messageInput(a.page)).toHaveAttribute('required', '');

      // The very first message: the conversation does not exist until it is sent.
      await send(a.page, 'Hello from Mars!');
      await expect(messages(a.page).getByRole('listitem')).toHaveText([/You said\s*Hello from Mars!/]);
      await expect(messages(b.page).getByRole('listitem')).toHaveText([
        new RegExp(`${alice.userName} said\\s*Hello from Mars!`),
      ]);
      const conversationId = (sentEvents(a, 'sendID')[0] ?? '') as string;
      expect(conversationId).toMatch(/[0-9a-f-]{36}/);
      expect(sentEvents(b, 'sendID')).toContain(conversationId);

      // And back, with the button this time.
      await send(b.page, 'Hi Alice, Earth here.', 'click');
      await expect(messages(a.page).getByText('Hi Alice, Earth here.')).toBeVisible();
      await send(a.page, 'How is the weather?');
      await expect(messages(b.page).getByText('How is the weather?')).toBeVisible();
      await expect(messages(b.page).getByRole('listitem')).toHaveCount(3);
      await expect(messages(a.page).getByRole('listitem')).toHaveCount(3);
      // Each message reached the room as itself, once (issue 20: not the whole history each time).
      const weather = receivedEvents(b, 'newMessage').filter(
        (m) => (m as { content?: string }).content === 'How is the weather?',
      );
      expect(weather).toEqual([
        expect.objectContaining({
          content: 'How is the weather?',
          conversationId,
          senderId: alice._id,
          seq: 3,
        }),
      ]);
      expect(receivedEvents(b, 'displayMessage')).toEqual([]);
      // Grouped under a Vancouver day heading: short weekday, month and day. Computed in the browser: its time-zone
      // database is the one the app uses (Chromium's and Node's disagree on Vancouver's offset in late 2026).
      const today = await a.page.evaluate(() =>
        new Intl.DateTimeFormat('en-US', {
          timeZone: 'America/Vancouver',
          weekday: 'short',
          month: 'short',
          day: 'numeric',
        }).format(new Date()),
      );
      await expect(messages(a.page).getByRole('heading', { level: 2 })).toHaveText([today]);

      // The conversation list: one row, linking to the chat, with the real time of the last message.
      await a.page.goto('/messages');
      const row = a.page.getByRole('main').getByRole('link', { name: new RegExp(bob.userName) });
      await expect(row).toHaveAttribute('href', `/messages/${bob._id}`);
      await expect(row).toContainText(/Just now|min ago/);
      expect(errors).toEqual([]);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  test('the conversation list is empty at first and offers to find people', async ({ page, user }) => {
    await signIn(page, user);
    await page.goto('/messages');
    await expect(page.getByText(/No conversations yet/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Search for people' })).toHaveAttribute('href', '/search');
  });

  test('one socket connection per page: visiting chat, leaving and coming back; leaving leaves the room', async ({
    browser,
    api,
    baseURL,
  }) => {
    const [alice, bob] = await Promise.all([api.createUser(), api.createUser()]);
    const conversationId = await seedConversation(api, bob, alice, 'seeded hello');
    for (let i = 1; i <= 14; i++)
      await seedConversation(api, i % 2 ? alice : bob, i % 2 ? bob : alice, `line ${i}`);
    const a = await personOn(browser, baseURL!, alice);
    try {
      await openChat(a, bob);
      // (Rows are found in main: at 1280 px the side column outside it may suggest the same person.)
      // More messages than fit: the view is scrolled to the newest.
      await expect(messages(a.page).getByText('line 14', { exact: true })).toBeInViewport();
      await expect(messages(a.page).getByText('seeded hello')).not.toBeInViewport();
      await expect.poll(() => sentEvents(a, 'sendID')).toEqual([conversationId]);

      // Leave for another area: the room is left, the connection stays.
      await goInApp(a.page, '/feed');
      await expect(messageInput(a.page)).toBeHidden();
      await expect.poll(() => sentEvents(a, 'leaveID')).toEqual([conversationId]);

      // Back through the conversation list.
      await goInApp(a.page, '/messages');
      await a.page
        .getByRole('main')
        .getByRole('link', { name: new RegExp(bob.userName) })
        .click();
      await expect(messages(a.page).getByText('line 14', { exact: true })).toBeInViewport();
      await expect.poll(() => sentEvents(a, 'sendID')).toEqual([conversationId, conversationId]);

      // Leave and come back once more, then a live message arrives exactly once.
      await goInApp(a.page, '/messages');
      await expect.poll(() => sentEvents(a, 'leaveID')).toHaveLength(2);
      await goInApp(a.page, `/messages/${bob._id}`);
      await expect.poll(() => sentEvents(a, 'sendID')).toHaveLength(3);
      await seedConversation(api, bob, alice, 'after coming back');
      await expect(messages(a.page).getByText('after coming back')).toHaveCount(1);
      await expect(messages(a.page).getByText('after coming back')).toBeInViewport();

      expect(a.handshakes).toHaveLength(1);
      expect(a.websockets).toHaveLength(1);
      const resources = await a.page.evaluate(
        () =>
          performance
            .getEntriesByType('resource')
            .filter(
              (entry) => /\/socket\.io\/.*transport=polling/.test(entry.name) && !/[?&]sid=/.test(entry.name),
            ).length,
      );
      expect(resources).toBe(1);
    } finally {
      await a.context.close();
    }
  });

  test('a failed send keeps the text and says so', async ({ page, user, api }) => {
    const partner = await api.createUser();
    await signIn(page, user);
    await page.goto(`/messages/${partner._id}`);
    await expect(messages(page)).toHaveText('No Messages to Show');
    await page.route('**/api/user/chat', (route) => route.abort('connectionrefused'));
    await messageInput(page).fill('lost in space?');
    await messageInput(page).press('Enter');
    await expect(page.getByText(/Your message was not sent/)).toBeVisible();
    await expect(messageInput(page)).toHaveValue('lost in space?');
    await page.unroute('**/api/user/chat');
    await messageInput(page).press('Enter');
    await expect(messageInput(page)).toHaveValue('');
    await expect(messages(page).getByText('lost in space?')).toBeVisible();
  });

  test('after the API restarts, both sides reconnect, rejoin, and nothing sent meanwhile is missing', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const product = await startProduct();
    try {
      const api = apiFor(request, product.baseURL);
      const [alice, bob] = await Promise.all([api.createUser(), api.createUser()]);
      await seedConversation(api, alice, bob, 'before the restart');
      const a = await personOn(browser, product.baseURL, alice);
      const b = await personOn(browser, product.baseURL, bob);
      await openChat(a, bob);
      await openChat(b, alice);
      await expect(messages(b.page).getByText('before the restart')).toBeVisible();

      // Alice stays offline a little longer than the server is down.
      await a.context.route('**/socket.io/**', (route) => route.abort('connectionrefused'));
      await product.restart();
      await seedConversation(api, bob, alice, 'sent while Alice was offline');
      // Bob's page reconnects by itself (spec point 9) and shows it.
      await expect(messages(b.page).getByText('sent while Alice was offline')).toBeVisible({
        timeout: 20_000,
      });
      await expect(messages(a.page).getByText('sent while Alice was offline')).toHaveCount(0);

      const fetchesBefore = a.historyFetches;
      await a.context.unroute('**/socket.io/**');
      // Alice reconnects and rejoins, catching up from the last message she has: the one sent meanwhile is there.
      await expect(messages(a.page).getByText('sent while Alice was offline')).toBeVisible({
        timeout: 20_000,
      });
      await expect(messages(a.page).getByText('sent while Alice was offline')).toHaveCount(1);
      const rejoin = eventsIn(a.packets, 'sendID').at(-1);
      expect(rejoin?.[1]).toEqual({ after: expect.any(String) });
      expect(a.historyFetches, 'caught up over the socket, not by fetching the history').toBe(fetchesBefore);
      // Live again both ways.
      await send(a.page, 'back online');
      await expect(messages(b.page).getByText('back online')).toBeVisible();
      await send(b.page, 'welcome back');
      await expect(messages(a.page).getByText('welcome back')).toBeVisible();
      // No message is shown for the reconnection.
      await expect(a.page.locator('.Toastify__toast')).toHaveCount(0);
      await expect(b.page.locator('.Toastify__toast')).toHaveCount(0);
      await a.context.close();
      await b.context.close();
    } finally {
      await product.stop();
    }
  });
});

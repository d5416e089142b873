import { HEAD_START_ELEMENT_ID } from '@skynet/contract';
import { platformApi } from '@skynet/kit';
import { setRuntimeConfig } from '@skynet/shared';
import { describeFailure, flushReports, reportEvent, reportMeasure } from './reporting';

jest.mock('@skynet/kit', () => ({ platformApi: { report: jest.fn(async () => {}) } }));

const sent = () => jest.mocked(platformApi.report).mock.calls.map(([body]) => body);

beforeAll(() => {
  setRuntimeConfig({ apiBaseUrl: '/api' });
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = HEAD_START_ELEMENT_ID;
  block.textContent = JSON.stringify({ api: '/api', release: 'claims.signature' });
  document.body.appendChild(block);
});
beforeEach(() => jest.mocked(platformApi.report).mockClear());

test("a batch carries the page's token, and a failure its error text and where it was thrown", () => {
  const error = new Error('canary evaluation');
  error.stack =
    'Error: canary evaluation\n    at 710 (http://localhost/remotes/mfe-static/1.1.2/__federation_expose_app.abc.js:1:2345)\n    at r (http://localhost/remotes/mfe-static/1.1.2/remoteEntry.js:1:99)';
  reportEvent('evaluate-failure', 'mfe-static', '1.1.2', { error, phase: 'evaluate' });
  reportEvent('evaluate-failure', 'mfe-static', '1.1.2', { error, phase: 'evaluate' }); // once per page load
  reportEvent('load', 'mfe-static', '1.0.0');
  flushReports();
  expect(sent()).toEqual([
    {
      token: 'claims.signature',
      measures: [],
      events: [
        expect.objectContaining({
          type: 'evaluate-failure',
          remote: 'mfe-static',
          version: '1.1.2',
          message: 'Error: canary evaluation',
          source: '/remotes/mfe-static/1.1.2/__federation_expose_app.abc.js:1:2345',
        }),
        expect.not.objectContaining({ message: expect.anything() }),
      ],
    },
  ]);
});

test('without a file in its stack a failure names the phase; long texts are cut to the 300 the server takes', () => {
  expect(describeFailure('x'.repeat(500), 'mount')).toEqual({ message: 'x'.repeat(300), source: 'mount' });
  const error = new TypeError('t is not a function');
  error.stack = 'TypeError: t is not a function\n    at <anonymous>';
  expect(describeFailure(error, 'render')).toEqual({
    message: 'TypeError: t is not a function',
    source: 'render',
  });
});

test("a failure's text spanning lines goes as one line (the API refuses control characters)", () => {
  const error = new Error(
    '[ Federation Runtime ]: #RUNTIME-008\nargs: {}\n\tOriginal Error Message:\n ScriptNetworkError',
  );
  error.stack = '';
  expect(describeFailure(error, 'load').message).toBe(
    'Error: [ Federation Runtime ]: #RUNTIME-008 args: {} Original Error Message: ScriptNetworkError',
  );
});

test('measures go with the next batch, the latest value per metric, remote and version', () => {
  reportMeasure({ metric: 'cls', remote: 'mfe-feed', version: '1.0.0', value: 0.02 });
  reportMeasure({ metric: 'cls', remote: 'mfe-feed', version: '1.0.0', value: 0.05 });
  reportMeasure({ metric: 'lcp', remote: 'mfe-feed', version: '1.0.0', value: 1_000_000 });
  flushReports();
  expect(sent()[0]?.measures).toEqual([
    { metric: 'cls', remote: 'mfe-feed', version: '1.0.0', value: 0.05 },
    { metric: 'lcp', remote: 'mfe-feed', version: '1.0.0', value: 600_000 },
  ]);
  flushReports();
  expect(sent()).toHaveLength(1); // nothing left to send
});

test('a page being left sends what is pending with sendBeacon, token and measures included', async () => {
  const beacon = jest.fn((_url: string, _body?: BodyInit | null) => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  reportMeasure({ metric: 'inp', remote: 'mfe-chat', version: '1.2.0', value: 180 });
  window.dispatchEvent(new Event('pagehide'));
  expect(beacon).toHaveBeenCalledTimes(1);
  expect(beacon.mock.calls[0]?.[0]).toBe('/api/platform/events');
  // jsdom's Blob has no text(): read it as a browser would.
  const blob = beacon.mock.calls[0]?.[1] as Blob;
  const body = JSON.parse(
    await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    }),
  );
  expect(body).toEqual({
    token: 'claims.signature',
    events: [],
    measures: [{ metric: 'inp', remote: 'mfe-chat', version: '1.2.0', value: 180 }],
  });
  expect(sent()).toHaveLength(0);
});

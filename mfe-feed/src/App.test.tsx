// The area's code is evaluated by the shell while the session is being confirmed: the page for the address must
// start loading then, not after the first render (issue 9, /feed LCP).
const loaded: string[] = [];

beforeEach(() => {
  loaded.length = 0;
  jest.resetModules();
  jest.doMock('./pages/SavedPage', () => {
    loaded.push('SavedPage');
    return { default: () => null };
  });
  jest.doMock('./pages/GalaxyFeedPage', () => {
    loaded.push('GalaxyFeedPage');
    return { default: () => null };
  });
});

const evaluateApp = async () => {
  jest.isolateModules(() => {
    require('./App');
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
};

test('evaluating the area starts the page of the address, and only that page', async () => {
  window.history.pushState({}, '', '/saved');
  await evaluateApp();
  expect(loaded).toEqual(['SavedPage']);
});

test('another area’s address loads no page', async () => {
  window.history.pushState({}, '', '/messages');
  await evaluateApp();
  expect(loaded).toEqual([]);
});

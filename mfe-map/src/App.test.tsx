// The area's code is evaluated by the shell while the session is being confirmed: the page for the address must
// start loading then, not after the first render.
const loaded: string[] = [];

beforeEach(() => {
  loaded.length = 0;
  jest.resetModules();
  for (const page of ['MapPage', 'HomeListPage', 'PlanetsPage'])
    jest.doMock(`./pages/${page}`, () => {
      loaded.push(page);
      return { default: () => null };
    });
});

async function evaluateAppOn(path: string) {
  window.history.pushState({}, '', path);
  jest.isolateModules(() => {
    require('./App');
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
}

test.each([
  ['/', ['MapPage']],
  ['/home', ['MapPage']],
  ['/home-list', ['HomeListPage']],
  ['/feed', []],
])('evaluated on %s, it starts %j', async (path, expected) => {
  await evaluateAppOn(path);
  expect(loaded).toEqual(expected);
});

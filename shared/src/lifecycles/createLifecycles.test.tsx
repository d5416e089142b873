import { act } from 'react';
import { createLifecycles } from './createLifecycles';

function Clicker() {
  return (
    <button type="button" onClick={() => {}}>
      Hello from a remote
    </button>
  );
}

function Broken(): never {
  throw new Error('boom');
}

test('mount renders into the given element; unmount leaves no DOM behind', async () => {
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  const lifecycles = createLifecycles('mfe-test', Clicker);
  await act(() => lifecycles.mount({ name: 'mfe-test', domElement }));
  expect(domElement.textContent).toContain('Hello from a remote');
  await act(() => lifecycles.unmount({ name: 'mfe-test', domElement }));
  expect(domElement.childNodes).toHaveLength(0);
});

test('fifty mounts and unmounts leave no listeners on window or document', async () => {
  const added = new Map<string, number>();
  const track = (target: EventTarget) => {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    target.addEventListener = (
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: unknown,
    ) => {
      added.set(type, (added.get(type) ?? 0) + 1);
      add(type, listener, options as AddEventListenerOptions);
    };
    target.removeEventListener = (
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: unknown,
    ) => {
      added.set(type, (added.get(type) ?? 0) - 1);
      remove(type, listener, options as EventListenerOptions);
    };
  };
  track(window);
  track(document);
  const domElement = document.createElement('div');
  const lifecycles = createLifecycles('mfe-test', Clicker);
  await act(() => lifecycles.mount({ name: 'mfe-test', domElement }));
  await act(() => lifecycles.unmount({ name: 'mfe-test', domElement }));
  const baseline = new Map(added);
  for (let i = 0; i < 50; i += 1) {
    await act(() => lifecycles.mount({ name: 'mfe-test', domElement }));
    await act(() => lifecycles.unmount({ name: 'mfe-test', domElement }));
  }
  for (const [type, count] of added) expect([type, count]).toEqual([type, baseline.get(type) ?? 0]);
  expect(domElement.childNodes).toHaveLength(0);
});

test('a render error stays inside the area and offers Retry', async () => {
  const domElement = document.createElement('div');
  const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const lifecycles = createLifecycles('mfe-broken', Broken);
  await act(() => lifecycles.mount({ name: 'mfe-broken', domElement }));
  expect(domElement.querySelector('button')?.textContent).toBe('Retry');
  await act(() => lifecycles.unmount({ name: 'mfe-broken', domElement }));
  spy.mockRestore();
  warn.mockRestore();
});

test('with onRenderError (the shell replaces a failing canary) a render error goes to it and the area shows nothing', async () => {
  const domElement = document.createElement('div');
  const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const onRenderError = jest.fn();
  const lifecycles = createLifecycles('mfe-broken', Broken);
  await act(() => lifecycles.mount({ name: 'mfe-broken', domElement, onRenderError }));
  expect(onRenderError).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
  expect(domElement.querySelector('[role="alert"]')).toBeNull();
  expect(domElement.textContent).toBe('');
  await act(() => lifecycles.unmount({ name: 'mfe-broken', domElement }));
  spy.mockRestore();
  warn.mockRestore();
});

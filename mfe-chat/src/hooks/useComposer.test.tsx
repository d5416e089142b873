import { act, renderHook } from '@testing-library/react';
import { SEND_FAILED_TEXT, useComposer } from './useComposer';

const notifyError = jest.fn();
jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  notify: { error: (...args: unknown[]) => notifyError(...args) },
}));

beforeEach(() => {
  notifyError.mockReset();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('useComposer', () => {
  it('sends the trimmed text and clears the input after a successful send', async () => {
    const send = jest.fn().mockResolvedValue(undefined);
    const { result } = renderHook(() => useComposer(send));
    act(() => result.current.setText('  hello mars  '));
    let sent = false;
    await act(async () => {
      sent = await result.current.submit();
    });
    expect(sent).toBe(true);
    expect(send).toHaveBeenCalledWith('hello mars');
    expect(result.current.text).toBe('');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('keeps the text and says so when the send fails', async () => {
    const send = jest.fn().mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useComposer(send));
    act(() => result.current.setText('hello venus'));
    await act(async () => {
      await result.current.submit();
    });
    expect(result.current.text).toBe('hello venus');
    expect(result.current.sending).toBe(false);
    expect(notifyError).toHaveBeenCalledWith(expect.stringContaining(SEND_FAILED_TEXT));
  });

  it('ignores an empty or blank message', async () => {
    const send = jest.fn().mockResolvedValue(undefined);
    const { result } = renderHook(() => useComposer(send));
    await act(async () => {
      await result.current.submit();
    });
    act(() => result.current.setText('   \n '));
    await act(async () => {
      await result.current.submit();
    });
    expect(send).not.toHaveBeenCalled();
    expect(result.current.text).toBe('   \n ');
  });

  it('ignores a second send while one runs', async () => {
    let finish: () => void = () => {};
    const send = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useComposer(send));
    act(() => result.current.setText('once'));
    let first: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = result.current.submit();
    });
    expect(result.current.sending).toBe(true);
    await act(async () => {
      expect(await result.current.submit()).toBe(false);
    });
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish();
      await first;
    });
    expect(result.current.sending).toBe(false);
    expect(result.current.text).toBe('');
  });

  it('keeps what was typed while the message was on its way', async () => {
    let finish: () => void = () => {};
    const send = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useComposer(send));
    act(() => result.current.setText('first'));
    let pending: Promise<boolean> = Promise.resolve(false);
    act(() => {
      pending = result.current.submit();
    });
    act(() => result.current.setText('first and more'));
    await act(async () => {
      finish();
      await pending;
    });
    expect(result.current.text).toBe('first and more');
  });
});

import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './request.ts';
import { useSubmit } from './useSubmit.ts';

afterEach(cleanup);

/** A promise the test settles by hand, to look at the hook while a submit runs. */
function deferred() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useSubmit', () => {
  it('shows saving while a submit runs and drops a second call in the same frame', async () => {
    const { result } = renderHook(() => useSubmit());
    expect(result.current.saving).toBe(false);
    const d = deferred();
    const work = vi.fn(() => d.promise);
    let first!: Promise<void>;
    let second!: Promise<void>;
    act(() => {
      // a double click: both calls before a render could disable the button
      first = result.current.run(work);
      second = result.current.run(work);
    });
    expect(work).toHaveBeenCalledTimes(1);
    expect(result.current.saving).toBe(true);
    await act(async () => {
      d.resolve();
      await Promise.all([first, second]);
    });
    expect(result.current.saving).toBe(false);
    // the next submit runs again
    await act(() => result.current.run(work));
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('ends quietly on an ApiError: the request client has shown why', async () => {
    const { result } = renderHook(() => useSubmit());
    await act(() =>
      result.current.run(async () => {
        throw new ApiError('名称已存在', 1);
      }),
    );
    expect(result.current.saving).toBe(false);
  });

  it('ends quietly on a form validation rejection: the form shows it', async () => {
    const { result } = renderHook(() => useSubmit());
    await act(() =>
      result.current.run(() =>
        Promise.reject({ errorFields: [{ name: ['name'], errors: ['请输入名称'] }], values: {} }),
      ),
    );
    expect(result.current.saving).toBe(false);
  });

  it('rethrows anything else, and is ready for the next submit', async () => {
    const { result } = renderHook(() => useSubmit());
    let failure: unknown;
    await act(async () => {
      await result.current
        .run(async () => {
          throw new TypeError('x is undefined');
        })
        .catch((err: unknown) => {
          failure = err;
        });
    });
    expect(failure).toBeInstanceOf(TypeError);
    expect(result.current.saving).toBe(false);
    const work = vi.fn(async () => undefined);
    await act(() => result.current.run(work));
    expect(work).toHaveBeenCalledTimes(1);
  });
});

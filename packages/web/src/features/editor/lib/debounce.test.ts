import { REALTIME_DEBOUNCE_MS } from '@citable/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncer } from './debounce';

describe('createDebouncer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once, 1 s after the last change', () => {
    const debouncer = createDebouncer(REALTIME_DEBOUNCE_MS);
    const runs: string[] = [];
    debouncer.schedule(() => runs.push('first'));
    vi.advanceTimersByTime(900);
    debouncer.schedule(() => runs.push('second'));
    vi.advanceTimersByTime(999);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual(['second']);
    vi.advanceTimersByTime(5000);
    expect(runs).toEqual(['second']);
  });

  it('drops a pending run when cancelled', () => {
    const debouncer = createDebouncer(REALTIME_DEBOUNCE_MS);
    const run = vi.fn();
    debouncer.schedule(run);
    debouncer.cancel();
    vi.advanceTimersByTime(REALTIME_DEBOUNCE_MS * 2);
    expect(run).not.toHaveBeenCalled();
  });
});

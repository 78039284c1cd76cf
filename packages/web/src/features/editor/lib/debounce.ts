/**
 * Runs `run` once, `delayMs` after the last `schedule` call; `cancel` drops a pending run. Kept
 * outside React so the timing is testable with fake timers and the hook stays a thin wrapper.
 */
export function createDebouncer(delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule(run: () => void) {
      clearTimeout(timer);
      timer = setTimeout(run, delayMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

import type { Io } from '../io';

const REDRAW_MS = 80;
const BAR_WIDTH = 24;

/**
 * A one-line progress bar redrawn in place on a terminal. Callers create it only when the
 * stream is a TTY, so piped or redirected output never receives control characters.
 */
export class ProgressBar {
  private lastDraw = 0;
  private drawn = false;

  constructor(private readonly stream: Io['stderr']) {}

  update(done: number, total: number, note: string): void {
    const now = Date.now();
    if (now - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = now;
    const ratio = total > 0 ? Math.min(1, done / total) : 0;
    const filled = Math.round(ratio * BAR_WIDTH);
    const line = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${done}/${total} ${note}`;
    const width = this.stream.columns ?? 80;
    this.stream.write(`\r\u001b[2K${line.slice(0, width - 1)}`);
    this.drawn = true;
  }

  clear(): void {
    if (this.drawn) this.stream.write('\r\u001b[2K');
    this.drawn = false;
  }
}

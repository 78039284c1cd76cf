import type { Io } from '../io';

export interface Colours {
  bold(text: string): string;
  dim(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  red(text: string): string;
  /** A score coloured by band: 80+ green, 60+ yellow, else red. */
  score(score: number, text?: string): string;
}

/** Colour only on a terminal, and never when NO_COLOR is set to anything (no-color.org). */
export function colourEnabled(stream: Io['stdout'], env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && !env.NO_COLOR;
}

export function createColours(enabled: boolean): Colours {
  const wrap = (open: number, close: number) => (text: string) => (enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  const green = wrap(32, 39);
  const yellow = wrap(33, 39);
  const red = wrap(31, 39);
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    green,
    yellow,
    red,
    score: (score, text = String(score)) => (score >= 80 ? green : score >= 60 ? yellow : red)(text),
  };
}

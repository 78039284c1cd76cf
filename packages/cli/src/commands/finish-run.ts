import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CliError, EXIT_GATE_FAILED } from '../cli-error';
import type { Io } from '../io';
import { colourEnabled, createColours, type Colours } from '../output/colour';
import type { Format } from '../output/formats';
import { gateLines } from '../output/gate-lines';
import { formatHtml } from '../output/html';
import { formatJunit } from '../output/junit';
import { formatMarkdown } from '../output/markdown';
import { formatSarif } from '../output/sarif';
import type { Report } from '../report/report';
import type { RunOptions } from './run-options';

/** How a command renders what only it knows: its text report, and its JSON (the contract's result). */
export interface CommandRender {
  text(c: Colours): string;
  json(): unknown;
}

/**
 * Renders the report to stdout and the --out files, prints each failed gate (and, with
 * --fail-on-regression, each regression) on stderr, and returns the exit code: the highest of
 * `code` (the pages' own: 2 not audited, 3 an error page) and 1 for a failed gate.
 */
export function finishRun(report: Report, render: CommandRender, options: RunOptions, io: Io, code: number): number {
  const rendered = (format: Format, c: Colours): string => {
    switch (format) {
      case 'text': {
        const closing = gateLines(report, c);
        return `${render.text(c).replace(/\n$/, '')}${closing.length > 0 ? `\n${closing.join('\n')}` : ''}\n`;
      }
      case 'json':
        return `${JSON.stringify(render.json(), null, 2)}\n`;
      case 'markdown':
        return formatMarkdown(report);
      case 'html':
        return formatHtml(report);
      case 'sarif':
        return formatSarif(report);
      case 'junit':
        return formatJunit(report);
    }
  };
  for (const out of options.outs) {
    try {
      mkdirSync(dirname(out.file), { recursive: true });
      writeFileSync(out.file, rendered(out.format, createColours(false)));
    } catch (error) {
      throw new CliError(`--out ${out.file} could not be written (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  io.stdout.write(rendered(options.stdoutFormat, createColours(colourEnabled(io.stdout, io.env))));

  const failedGates = report.gates.filter((gate) => !gate.passed);
  for (const gate of failedGates) io.stderr.write(`citable: ${gate.message}\n`);
  const regressed = options.failOnRegression ? (report.comparison?.regressed ?? []) : [];
  for (const line of regressed) io.stderr.write(`citable: regression since ${report.comparison!.file}: ${line}\n`);
  return Math.max(code, failedGates.length > 0 || regressed.length > 0 ? EXIT_GATE_FAILED : 0);
}

import { CliError } from '../cli-error';
import { loadConfig, type LoadedConfig } from '../config-file';
import type { CheckCatalog } from '../gates/check-catalog';
import { assertionKey, parseAssertOption, parseScore, skippedAssertion, toGate, type Assertion, type Gate } from '../gates/gates';
import type { Io } from '../io';
import { formatOfFile, parseFormat, type Format } from '../output/formats';

/** The options `citable audit` and `citable crawl` share: report formats, gates, config, baseline. */
export const RUN_OPTIONS = {
  format: { type: 'string' },
  json: { type: 'boolean' },
  out: { type: 'string', multiple: true },
  'fail-under': { type: 'string' },
  'min-score': { type: 'string' },
  assert: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  config: { type: 'string' },
  baseline: { type: 'string' },
  'fail-on-regression': { type: 'boolean' },
} as const;

/** Their usage lines, for both commands' help. */
export const RUN_OPTIONS_USAGE = `  --format F            text (default), json, markdown, html, sarif (SARIF 2.1.0) or junit
                        (JUnit XML); --json is --format json
  --out FILE            write the report to FILE (folders created), in --format or else in the
                        format its extension names (.json .md .html .sarif .xml .txt); repeatable;
                        with --out, stdout gets the text report
  --fail-under N        exit 1 when the overall score is under N (a score equal to N passes);
                        --min-score N is the same
  --assert KEY=VALUE    a threshold, repeatable: a score at least VALUE (KEY: overall,
                        ai-understanding, citation-likelihood, conversational-readiness,
                        content-structure), or check:<check id>=pass for a check that must pass
                        (or not apply); exit 1 when one fails, each failure on stderr
  --skip CHECK          leave a check out, repeatable: not run, not scored (its subscore is the
                        mean of the checks left), not asserted, not in SARIF or JUnit
  --config FILE         read options from FILE instead of ./citable.config.json; the command
                        line wins over the file (an --assert replaces the file's on the same key,
                        --skip adds to its skip list)
  --baseline FILE       compare with a JSON result written earlier (--format json --out FILE):
                        scores and checks that improved or regressed
  --fail-on-regression  exit 1 when a score dropped or a check started failing since --baseline`;

/** The values parseArgs gives for RUN_OPTIONS. */
export interface RunValues {
  format?: string;
  json?: boolean;
  out?: string[];
  'fail-under'?: string;
  'min-score'?: string;
  assert?: string[];
  skip?: string[];
  config?: string;
  baseline?: string;
  'fail-on-regression'?: boolean;
}

export interface RunOptions {
  /** What stdout gets: --format, or text when the report goes to --out files. */
  stdoutFormat: Format;
  outs: { file: string; format: Format }[];
  loaded: LoadedConfig;
  /** --fail-under (or --min-score, or the config's failUnder) as an assertion on "overall". */
  failUnder?: Assertion;
  /** The config's assertions with the command line's over them, by key. */
  assertions: Assertion[];
  skip: { id: string; source: string }[];
  baseline?: string;
  failOnRegression: boolean;
}

/** Reads the shared options and the config file, the command line over the file. */
export function runOptions(values: RunValues, cwd: string = process.cwd()): RunOptions {
  if (values.json && values.format !== undefined && parseFormat(values.format) !== 'json') throw new CliError(`--json is --format json: give one of --json and --format ${values.format}`);
  const explicit = values.json ? 'json' : values.format !== undefined ? parseFormat(values.format) : undefined;
  const outs = (values.out ?? []).map((file) => ({ file, format: formatOfFile(file, explicit) }));
  if (values['fail-under'] !== undefined && values['min-score'] !== undefined) throw new CliError('--min-score is another name for --fail-under: give one of them');
  const loaded = loadConfig(values.config, cwd);
  const { config, file } = loaded;
  const inFile = `in ${file}`;

  const flag = values['fail-under'] !== undefined ? 'fail-under' : values['min-score'] !== undefined ? 'min-score' : undefined;
  const failUnder: Assertion | undefined = flag
    ? { key: 'overall', value: parseScore(values[flag]!, `--${flag}`), source: `--${flag} ${values[flag]!.trim()}` }
    : config.failUnder !== undefined
      ? { key: 'overall', value: config.failUnder, source: `failUnder ${config.failUnder} ${inFile}` }
      : undefined;

  const fromFile = Object.entries(config.assert ?? {}).map(([key, value]): Assertion => ({ key, value, source: `assert "${key}": ${JSON.stringify(value)} ${inFile}` }));
  const fromCommandLine = (values.assert ?? []).map(parseAssertOption);
  const overridden = new Set(fromCommandLine.map(assertionKey));
  const assertions = [...fromFile.filter((assertion) => !overridden.has(assertionKey(assertion))), ...fromCommandLine];

  const skip = [...(config.skip ?? []).map((id) => ({ id, source: `skip ${inFile}` })), ...(values.skip ?? []).map((id) => ({ id, source: `--skip ${id}` }))];
  const baseline = values.baseline ?? (config.baseline !== undefined ? loaded.resolvePath(config.baseline) : undefined);
  const failOnRegression = values['fail-on-regression'] ?? config.failOnRegression ?? false;
  if (failOnRegression && baseline === undefined) throw new CliError('--fail-on-regression needs a --baseline FILE to compare with');
  return { stdoutFormat: outs.length > 0 ? 'text' : (explicit ?? 'text'), outs, loaded, failUnder, assertions, skip, baseline, failOnRegression };
}

/** The gates of a run, checked against the engine's ids; an assertion on a skipped check is dropped with a note on stderr. */
export function runGates(options: RunOptions, catalog: Pick<CheckCatalog, 'byId' | 'skipped'>, io: Io): Gate[] {
  const gates: Gate[] = [];
  for (const assertion of [...(options.failUnder ? [options.failUnder] : []), ...options.assertions]) {
    const gate = toGate(assertion, catalog);
    if (gate) gates.push(gate);
    else io.stderr.write(`citable: ${skippedAssertion(assertion)}\n`);
  }
  return gates;
}

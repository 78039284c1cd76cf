import path from 'node:path';
import { isPlanId, PLAN_IDS, PLANS } from '@citable/contract';
import { CliError, EXIT_OK } from '../cli-error';
import type { Command } from '../command';
import { parseCommandArgs } from '../parse-command-args';
import { ADMIN_BACKUP_USAGE, runAdminBackup } from './admin-backup';

async function runAdminSources(rest: string[], io: Parameters<Command['run']>[1]): Promise<number> {
  if (rest.length > 0) throw new CliError('citable admin sources takes no arguments (see citable help admin)');
  const { citationSourcesReport } = await import('@citable/server/citation-sources');
  let lines;
  try {
    lines = citationSourcesReport(io.env);
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
  const width = Math.max(...lines.map((line) => line.name.length));
  for (const line of lines) io.stdout.write(`${line.name.padEnd(width)}  ${line.on ? 'on ' : 'off'}  ${line.detail}\n`);
  return EXIT_OK;
}

export const adminCommand: Command = {
  name: 'admin',
  summary: 'administer a self-hosted install (set-plan, sources, backup, restore)',
  usage: `citable admin set-plan <email> <plan>

  Sets the plan (${PLAN_IDS.join(', ')}) of the account with that e-mail address, for installs
  without a billing provider. Uses the server's database: DATABASE_URL when set, otherwise the
  embedded one in DATA_DIR (default ./data). The embedded database allows one process at a time,
  so stop the server first, or run with DATABASE_URL.

citable admin sources

  Lists the Citation Tracker's sources (answer engines and searches) that this environment turns
  on, with the model each engine asks, and how to turn on the others. Reads the same variables as
  the server; run it where the server runs.

${ADMIN_BACKUP_USAGE}`,
  async run(args, io) {
    const [action, ...rest] = args;
    if (action === 'backup' || action === 'restore') return runAdminBackup(action, rest, io);
    if (action === 'sources') return runAdminSources(rest, io);
    if (action !== 'set-plan') throw new CliError(`unknown admin command ${action === undefined ? '(none given)' : `"${action}"`} (see citable help admin)`);
    const { positionals } = parseCommandArgs('admin', rest, {});
    if (positionals.length !== 2) throw new CliError('citable admin set-plan needs an e-mail address and a plan (see citable help admin)');
    const [email, plan] = positionals;
    if (!isPlanId(plan)) throw new CliError(`unknown plan "${plan}": use one of ${PLAN_IDS.join(', ')}`);

    // Loaded on demand: audit and crawl never pay for the server's database code.
    const { setPlanByEmail, LockHeldError, NoSuchAccountError } = await import('@citable/server/admin');
    const dataDir = path.resolve(io.env.DATA_DIR || './data');
    try {
      const { previousPlan } = await setPlanByEmail({ dataDir, databaseUrl: io.env.DATABASE_URL || undefined }, email, plan);
      io.stdout.write(`${email}: plan ${PLANS[previousPlan].name} -> ${PLANS[plan].name}\n`);
      return EXIT_OK;
    } catch (error) {
      if (error instanceof LockHeldError) throw new CliError(`the data folder ${dataDir} is in use by a running Citable server (pid ${error.pid}). Stop the server first, or run with DATABASE_URL`);
      if (error instanceof NoSuchAccountError) throw new CliError(error.message);
      throw error;
    }
  },
};

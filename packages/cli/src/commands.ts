import type { Command } from './command';
import { adminCommand } from './commands/admin';
import { auditCommand } from './commands/audit';
import { crawlCommand } from './commands/crawl';
import { helpCommand } from './commands/help';
import { mcpCommand } from './commands/mcp';

/** Every `citable <name>` subcommand, in the order `citable help` lists them. */
export const COMMANDS: readonly Command[] = [auditCommand, crawlCommand, mcpCommand, adminCommand, helpCommand(() => COMMANDS)];

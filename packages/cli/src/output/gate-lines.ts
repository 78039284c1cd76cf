import type { Report } from '../report/report';
import type { Colours } from './colour';

/** The text report's closing sections: skipped checks, the gates and what changed since the baseline. */
export function gateLines(report: Report, c: Colours): string[] {
  const lines: string[] = [];
  if (report.catalog.skipped.length > 0) lines.push('', c.dim(`Skipped checks (not run, not scored): ${report.catalog.skipped.join(', ')}`));
  if (report.gates.length > 0) {
    lines.push('', c.bold('Gates'));
    for (const gate of report.gates) lines.push(`  ${gate.passed ? c.green('✓') : c.red('✗')} ${gate.message}`);
  }
  const comparison = report.comparison;
  if (comparison) {
    lines.push('', c.bold(`Compared with ${comparison.file}: ${comparison.improved.length} better, ${comparison.regressed.length} worse`));
    for (const line of comparison.regressed) lines.push(`  ${c.red('-')} ${line}`);
    for (const line of comparison.improved) lines.push(`  ${c.green('+')} ${line}`);
    for (const note of comparison.notes) lines.push(c.dim(`  · ${note}`));
  }
  return lines;
}

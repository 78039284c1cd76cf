import type { Check } from './types';
import { detail, notApplicable, pass, scored } from './helpers';

export interface TableUsageOptions {
  /** A page with this many statistics is data-rich enough to warrant a table. */
  minStatistics: number;
}

export const tableUsage: Check<TableUsageOptions> = {
  id: 'table-usage',
  title: 'Data is presented in tables',
  failureTitle: 'Tables are missing or lack header cells',
  description: 'Comparisons and figures in an HTML table with headers keep values attached to their labels, so answer engines can quote them accurately.',
  learnMore: 'https://developer.mozilla.org/en-US/docs/Learn/HTML/Tables/Basics',
  category: 'Content',
  priority: 'Low',
  suggestion: 'Put comparisons and sets of figures into an HTML table with header cells.',
  defaultOptions: { minStatistics: 4 },
  run(model, _site, o) {
    if (model.tables.length > 0) {
      const headed = model.tables.filter((t) => t.hasHeader).length;
      if (headed === model.tables.length) return pass(`${model.tables.length} data table(s) with header cells.`);
      return scored(0.7, `${model.tables.length - headed} table(s) lack header cells (<th>).`, { title: model.tables.length - headed === 1 ? 'A table lacks header cells' : `${model.tables.length - headed} tables lack header cells`, details: [detail('Tables without headers', model.tables.length - headed)], suggestion: 'Mark the header row or column with <th>.' });
    }
    if (model.statistics.length < o.minStatistics) return notApplicable('The content is not data-rich enough to need a table.');
    return scored(0.4, `The content states ${model.statistics.length} figures but has no table.`, { title: 'Data-rich content has no table' });
  },
};

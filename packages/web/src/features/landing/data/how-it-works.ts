export interface Step {
  title: string;
  description: string;
}

/** The product's working pattern: Analyze, Optimize, Track (spec 000 §1). */
export const HOW_IT_WORKS: Step[] = [
  {
    title: 'Analyze',
    description: 'Run an AI Visibility Audit on your site. You get a score from 0 to 100, four subscores and a list of fixes ordered by the points they win back.',
  },
  {
    title: 'Optimize',
    description: 'Apply the fixes with the tools: generate schema markup and llms.txt, rewrite passages to answer questions directly, and cover the entities your competitors own.',
  },
  {
    title: 'Track',
    description: 'Re-audit as you publish, follow your score against your goals and competitors, and watch for mentions of your brand in AI answers.',
  },
];

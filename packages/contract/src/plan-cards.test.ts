import { describe, expect, test } from 'vitest';
import { AREAS, canUse, planComparison, planToolCount, toolCountValue, toolsForPlan, usageLimit, USAGE_METER_LABELS } from './entitlements';
import { PLAN_CARDS, planCardText } from './plan-cards';
import { hasPrioritySupport, PLAN_IDS, PLAN_RANK, PLANS } from './plans';
import { TOOL_IDS } from './tools';

const table = planComparison();
const row = (label: string) => table.find((candidate) => candidate.label === label);

describe('plan cards derive from the gates, as the comparison table does', () => {
  test('no card bullet contradicts the gate it states or the table row of that gate', () => {
    for (const plan of PLAN_IDS) {
      const { features, limitations } = PLAN_CARDS[plan];
      for (const [bullets, included] of [
        [features, true],
        [limitations, false],
      ] as const) {
        for (const bullet of bullets) {
          const where = `${plan}: ${bullet.text}`;
          if (bullet.gate) {
            expect(canUse(plan, bullet.gate), where).toBe(included);
            if ('area' in bullet.gate) {
              const areaRow = row(AREAS[bullet.gate.area].label);
              if (areaRow) expect(areaRow.values[plan], where).toBe(included);
            }
            if ('tool' in bullet.gate) expect(row('Tools')!.values[plan], where).toBe(toolCountValue(plan));
          }
          if (bullet.allowance) {
            expect(usageLimit(plan, bullet.allowance.meter), where).toBe(bullet.allowance.value);
            const allowanceRow = row(`${USAGE_METER_LABELS[bullet.allowance.meter]} per month`)!;
            // "No reports" stands beside "Reports per month: No", and "10 reports a month" beside "10".
            expect(allowanceRow.values[plan], where).toBe(bullet.allowance.value === 0 ? false : bullet.allowance.value.toLocaleString('en-US'));
            expect(included, where).toBe(bullet.allowance.value > 0);
          }
        }
      }
    }
  });

  test('says "No reports" where the table says no reports, and never "Limited reports"', () => {
    const reports = row('Reports per month')!;
    for (const plan of PLAN_IDS) {
      const text = [...planCardText(plan).features, ...planCardText(plan).limitations].join('\n');
      expect(text, plan).not.toMatch(/limited reports/i);
      expect(planCardText(plan).limitations.includes('No reports'), plan).toBe(reports.values[plan] === false);
    }
    expect(planCardText('free').limitations).toContain('No reports');
  });

  test('a plan never lists as missing what a lower plan already has ("Everything in ...")', () => {
    for (const plan of PLAN_IDS) {
      for (const bullet of PLAN_CARDS[plan].limitations) {
        if (!bullet.gate) continue;
        for (const lower of PLAN_IDS.filter((candidate) => PLAN_RANK[candidate] < PLAN_RANK[plan])) expect(canUse(lower, bullet.gate), `${plan}: ${bullet.text}`).toBe(false);
      }
    }
  });

  test('counts the tools one way everywhere: the overview, which every plan has, is not one of them', () => {
    expect(planToolCount('free')).toEqual({ included: 0, total: 11 });
    expect(planToolCount('core')).toEqual({ included: 7, total: 11 });
    expect(planToolCount('agency')).toEqual({ included: 11, total: 11 });
    expect(row('Tools')!.values).toEqual({ free: false, core: '7 of 11', pro: '11 of 11', agency: '11 of 11' });
  });

  test('every tool a plan unlocks is on the card of the plan that adds it', () => {
    for (const plan of PLAN_IDS) {
      const listed = PLAN_IDS.filter((candidate) => PLAN_RANK[candidate] <= PLAN_RANK[plan]).flatMap((candidate) => PLAN_CARDS[candidate].features.filter((bullet) => bullet.gate && 'tool' in bullet.gate));
      // The overview is every plan's, not a card bullet.
      expect(listed.length + 1, plan).toBe(toolsForPlan(plan).length);
    }
  });

  test('promise nothing the product does not do', () => {
    const all = PLAN_IDS.flatMap((plan) => planCardText(plan).features).join('\n');
    expect(all).not.toMatch(/account manager|custom integrations|phone|community/i);
  });

  test('name priority support only on the plans whose messages are marked priority (issue 19)', () => {
    for (const plan of PLAN_IDS) {
      const listed = planCardText(plan).features.some((feature) => /priority/i.test(feature));
      // Agency gets it through "Everything in Pro".
      if (plan !== 'agency') expect(listed, plan).toBe(hasPrioritySupport(plan));
    }
    expect(hasPrioritySupport('agency')).toBe(true);
  });

  test('states each plan\u2019s caps as its definition does', () => {
    for (const plan of PLAN_IDS) expect(planCardText(plan).features[0]).toContain(`${PLANS[plan].websitesLimit} website`);
    expect(planCardText('free')).toEqual({
      features: ['1 website, 1 competitor', '5 audits a month', 'Overall AI Visibility Score', 'Basic dashboard', 'E-mail support'],
      limitations: ['No tools beyond the overall score', 'No reports', 'No subscores', 'No AI assistant'],
    });
  });
});

import { PLANS, ROI_METHOD, type PlanId, type ReportRoi, type RoiInputs, type RoiTerm } from '@citable/contract';

export interface RoiHistoryPoint {
  date: string;
  overallScore: number;
}

const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * ROI from the user's own audits and numbers (DESIGN Principle 1: never sample figures). The score
 * gain is the overall score's change from the first to the last audit of the period; every term
 * carries the formula that produced it, so the report can show its working. `history` holds only
 * audits that measured the same thing (same kind, address and pages: gather.ts, issue 30), and a
 * score that did not rise projects nothing: no visits, revenue or ROI figures at all.
 */
export function computeRoi(history: RoiHistoryPoint[], inputs: RoiInputs, plan: PlanId, competitorAverage: number | null): ReportRoi {
  if (history.length < ROI_METHOD.minimumAudits) {
    return {
      available: false,
      reason: `ROI needs at least ${ROI_METHOD.minimumAudits} audits of the same kind and pages in the report's period to measure a score change; there ${history.length === 1 ? 'is 1' : `are ${history.length}`}, so no gain is claimed. Run another audit of the same kind after making changes, then generate the report again.`,
    };
  }
  const first = history[0]!;
  const last = history[history.length - 1]!;
  const gain = last.overallScore - first.overallScore;
  // A score that fell or held still projects no uplift: the estimate never turns negative into revenue.
  const effectiveGain = Math.max(0, gain);
  const visits = inputs.monthlyOrganicTraffic * (effectiveGain / 100) * ROI_METHOD.visibilityFactor;
  const conversions = visits * (inputs.conversionRate / 100);
  const revenue = conversions * inputs.valuePerConversion;
  const planCost = PLANS[plan].monthlyPrice;

  const gainTerm: RoiTerm = { label: 'Overall score gain', value: gain, unit: 'points', formula: `latest score ${last.overallScore} - first score ${first.overallScore} in the period` };
  const advantage: RoiTerm[] =
    competitorAverage === null
      ? []
      : [{ label: 'Competitive advantage', value: round(last.overallScore - competitorAverage), unit: 'points', formula: `your latest score ${last.overallScore} - audited competitors' average ${round(competitorAverage)}` }];
  const period = { from: first.date, to: last.date, audits: history.length };
  if (effectiveGain === 0) {
    // Nothing rose: no projected visits, revenue or ROI, not even zeros that read as a result.
    return { available: true, inputs, period, terms: [gainTerm, ...advantage], factorSource: ROI_METHOD.source, caveat: 'The overall score did not rise in this period, so no uplift is projected. Apply the recommendations, audit again and regenerate the report.' };
  }
  const terms: RoiTerm[] = [
    gainTerm,
    {
      label: 'Estimated AI-referred traffic increase',
      value: round(visits),
      unit: 'visits',
      formula: `${inputs.monthlyOrganicTraffic.toLocaleString('en-US')} monthly visits × (${effectiveGain} / 100) × ${ROI_METHOD.visibilityFactor} visibility factor`,
    },
    { label: 'Estimated additional conversions', value: round(conversions, 1), unit: 'conversions', formula: `${round(visits)} visits × ${inputs.conversionRate}% conversion rate` },
    { label: 'Estimated monthly revenue impact', value: round(revenue, 2), unit: 'currency', formula: `${round(conversions, 1)} conversions × ${inputs.valuePerConversion} per conversion` },
  ];
  if (planCost > 0) {
    terms.push({ label: 'Plan cost per month', value: planCost, unit: 'currency', formula: `${PLANS[plan].name} plan, monthly price` });
    if (revenue > 0) {
      terms.push({ label: 'Payback period', value: round(planCost / revenue, 2), unit: 'months', formula: `plan cost ${planCost} ÷ monthly revenue impact ${round(revenue, 2)}` });
    }
    terms.push({ label: 'Monthly ROI', value: round(((revenue - planCost) / planCost) * 100), unit: 'percent', formula: `(revenue impact ${round(revenue, 2)} - plan cost ${planCost}) ÷ plan cost × 100` });
  }
  terms.push(...advantage);
  return {
    available: true,
    inputs,
    period,
    terms,
    factorSource: ROI_METHOD.source,
    caveat:
      'An estimate, not a measurement: it assumes the visibility gain the study measured scales with the share of the score range you gained, and that AI-referred visits convert like your organic visits. Treat it as an upper bound and compare it with the AI referrals in your analytics.',
  };
}

import { isObject, typesOf } from '../model/json-ld';
import type { JsonLdNode } from '../model/types';

/**
 * Required and recommended properties per schema.org type, after Google's structured-data
 * documentation (the rich-result requirements answer engines also lean on) and schema.org.
 * Each entry of `required`/`recommended` lists alternative property names: any one satisfies it.
 * The Schema Generator validates with these same rules.
 */
export interface SchemaRule {
  type: string;
  required: string[][];
  recommended: string[][];
  /** Extra structural checks (FAQ questions need answers, breadcrumbs need positions...). */
  validate?: (node: JsonLdNode) => string[];
  learnMore: string;
}

const ARTICLE: Omit<SchemaRule, 'type'> = {
  required: [['headline', 'name']],
  recommended: [['author'], ['datePublished'], ['dateModified'], ['image'], ['publisher'], ['mainEntityOfPage', 'url']],
  validate: (node) => {
    const errors: string[] = [];
    const headline = node.headline;
    if (typeof headline === 'string' && headline.length > 110) errors.push('headline is longer than 110 characters');
    for (const author of asArray(node.author)) {
      if (isObject(author) && typeof author.name !== 'string' && author['@id'] === undefined) errors.push('author has no name');
    }
    return errors;
  },
  learnMore: 'https://developers.google.com/search/docs/appearance/structured-data/article',
};

const ORGANIZATION: Omit<SchemaRule, 'type'> = {
  required: [['name']],
  recommended: [['url'], ['logo'], ['sameAs'], ['contactPoint', 'email', 'telephone'], ['description']],
  learnMore: 'https://developers.google.com/search/docs/appearance/structured-data/organization',
};

const LOCAL_BUSINESS: Omit<SchemaRule, 'type'> = {
  required: [['name'], ['address']],
  recommended: [['telephone'], ['openingHoursSpecification', 'openingHours'], ['geo'], ['url'], ['priceRange'], ['image']],
  validate: (node) => {
    const address = node.address;
    if (isObject(address) && !address.streetAddress && !address.addressLocality) return ['address has neither streetAddress nor addressLocality'];
    return [];
  },
  learnMore: 'https://developers.google.com/search/docs/appearance/structured-data/local-business',
};

export const SCHEMA_RULES: Record<string, SchemaRule> = {
  Organization: { type: 'Organization', ...ORGANIZATION },
  WebSite: {
    type: 'WebSite',
    required: [['name'], ['url']],
    recommended: [['potentialAction'], ['publisher']],
    learnMore: 'https://developers.google.com/search/docs/appearance/site-names',
  },
  Article: { type: 'Article', ...ARTICLE },
  FAQPage: {
    type: 'FAQPage',
    required: [['mainEntity']],
    recommended: [],
    validate: (node) => {
      const questions = asArray(node.mainEntity);
      if (questions.length === 0) return ['mainEntity lists no questions'];
      const errors: string[] = [];
      questions.forEach((q, i) => {
        if (!isObject(q) || !typesOf(q).includes('Question')) errors.push(`mainEntity[${i}] is not a Question`);
        else if (typeof q.name !== 'string' || !q.name.trim()) errors.push(`mainEntity[${i}] has no name (the question text)`);
        else {
          const answer = asArray(q.acceptedAnswer)[0];
          if (!isObject(answer) || typeof answer.text !== 'string' || !answer.text.trim()) errors.push(`"${q.name}" has no acceptedAnswer.text`);
        }
      });
      return errors;
    },
    learnMore: 'https://developers.google.com/search/docs/appearance/structured-data/faqpage',
  },
  HowTo: {
    type: 'HowTo',
    required: [['name'], ['step']],
    recommended: [['totalTime'], ['supply'], ['tool'], ['image'], ['description']],
    validate: (node) => {
      const steps = asArray(node.step);
      const errors: string[] = [];
      if (steps.length < 2) errors.push('a HowTo needs at least two steps');
      steps.forEach((s, i) => {
        if (typeof s === 'string') return;
        if (!isObject(s) || (typeof s.text !== 'string' && typeof s.name !== 'string' && !Array.isArray(s.itemListElement))) {
          errors.push(`step[${i}] has neither text nor name`);
        }
      });
      return errors;
    },
    learnMore: 'https://schema.org/HowTo',
  },
  Product: {
    type: 'Product',
    required: [['name'], ['offers', 'review', 'aggregateRating']],
    recommended: [['image'], ['description'], ['brand'], ['sku', 'gtin', 'gtin13', 'mpn']],
    validate: (node) => {
      const errors: string[] = [];
      for (const offer of asArray(node.offers)) {
        if (isObject(offer) && offer.price === undefined && offer.lowPrice === undefined && !isObject(offer.priceSpecification)) errors.push('offer has no price');
        if (isObject(offer) && offer.price !== undefined && offer.priceCurrency === undefined) errors.push('offer has a price but no priceCurrency');
      }
      return errors;
    },
    learnMore: 'https://developers.google.com/search/docs/appearance/structured-data/product',
  },
  LocalBusiness: { type: 'LocalBusiness', ...LOCAL_BUSINESS },
  BreadcrumbList: {
    type: 'BreadcrumbList',
    required: [['itemListElement']],
    recommended: [],
    validate: (node) => {
      const items = asArray(node.itemListElement);
      const errors: string[] = [];
      if (items.length === 0) errors.push('itemListElement is empty');
      items.forEach((item, i) => {
        if (!isObject(item)) return errors.push(`itemListElement[${i}] is not a ListItem`);
        if (item.position === undefined) errors.push(`itemListElement[${i}] has no position`);
        const named = typeof item.name === 'string' || (isObject(item.item) && typeof item.item.name === 'string');
        if (!named) errors.push(`itemListElement[${i}] has no name`);
        if (i < items.length - 1 && item.item === undefined) errors.push(`itemListElement[${i}] has no item URL`);
        return undefined;
      });
      return errors;
    },
    learnMore: 'https://developers.google.com/search/docs/appearance/structured-data/breadcrumb',
  },
  Person: {
    type: 'Person',
    required: [['name']],
    recommended: [['url'], ['sameAs'], ['jobTitle'], ['image'], ['worksFor', 'affiliation']],
    learnMore: 'https://schema.org/Person',
  },
};

/** Subtypes validated with their parent's rule. */
export const SCHEMA_SUBTYPES: Record<string, string> = {
  NewsArticle: 'Article', BlogPosting: 'Article', TechArticle: 'Article', ScholarlyArticle: 'Article', Report: 'Article',
  AnalysisNewsArticle: 'Article', OpinionNewsArticle: 'Article', ReportageNewsArticle: 'Article', LiveBlogPosting: 'Article',
  Corporation: 'Organization', NGO: 'Organization', NewsMediaOrganization: 'Organization', EducationalOrganization: 'Organization',
  GovernmentOrganization: 'Organization', OnlineBusiness: 'Organization', OnlineStore: 'Organization',
  Restaurant: 'LocalBusiness', Store: 'LocalBusiness', MedicalBusiness: 'LocalBusiness', ProfessionalService: 'LocalBusiness',
  LegalService: 'LocalBusiness', Dentist: 'LocalBusiness', AutoRepair: 'LocalBusiness', HomeAndConstructionBusiness: 'LocalBusiness',
  FoodEstablishment: 'LocalBusiness', LodgingBusiness: 'LocalBusiness', Hotel: 'LocalBusiness', HealthAndBeautyBusiness: 'LocalBusiness',
  FinancialService: 'LocalBusiness', RealEstateAgent: 'LocalBusiness', SportsActivityLocation: 'LocalBusiness',
};

export function ruleFor(type: string): SchemaRule | null {
  return SCHEMA_RULES[type] ?? SCHEMA_RULES[SCHEMA_SUBTYPES[type] ?? ''] ?? null;
}

export interface SchemaValidation {
  type: string;
  errors: string[];
  warnings: string[];
}

function hasValue(node: JsonLdNode, name: string): boolean {
  const v = node[name];
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

/**
 * Validates one node against the rule of its (first known) type. `topLevel` nodes must carry an
 * @context naming schema.org; nested nodes inherit it.
 */
export function validateSchemaNode(node: JsonLdNode, topLevel = true): SchemaValidation | null {
  const types = typesOf(node);
  const known = types.find((t) => ruleFor(t));
  const type = known ?? types[0] ?? '(no @type)';
  const errors: string[] = [];
  const warnings: string[] = [];
  if (topLevel && !mentionsSchemaOrg(node['@context'])) errors.push('@context is missing or does not name https://schema.org');
  if (types.length === 0) {
    errors.push('@type is missing');
    return { type, errors, warnings };
  }
  const rule = known ? ruleFor(known) : null;
  if (!rule) return topLevel ? { type, errors, warnings } : null;
  for (const alternatives of rule.required) {
    if (!alternatives.some((p) => hasValue(node, p))) errors.push(`required property ${alternatives.join(' or ')} is missing`);
  }
  for (const alternatives of rule.recommended) {
    if (!alternatives.some((p) => hasValue(node, p))) warnings.push(`recommended property ${alternatives.join(' or ')} is missing`);
  }
  if (rule.validate) errors.push(...rule.validate(node));
  return { type, errors, warnings };
}

function mentionsSchemaOrg(context: unknown): boolean {
  if (typeof context === 'string') return /^https?:\/\/schema\.org\/?$/i.test(context.trim());
  if (Array.isArray(context)) return context.some(mentionsSchemaOrg);
  if (isObject(context)) return typeof context['@vocab'] === 'string' && mentionsSchemaOrg(context['@vocab']);
  return false;
}

export function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

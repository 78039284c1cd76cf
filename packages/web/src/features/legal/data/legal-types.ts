/** A paragraph, or a bulleted list. */
export type LegalBlock = string | { list: readonly string[] };

export interface LegalSection {
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** Spec 000 §2 and §9: every legal page shows this date. */
export const LEGAL_LAST_UPDATED = 'June 1, 2025';

/**
 * Parser and validator for llms.txt (https://llmstxt.org): an H1 with the site or project name
 * (the only required part), an optional blockquote summary, optional free text, then H2
 * sections whose bodies are Markdown lists of links: "- [name](url): optional notes".
 */
export interface LlmsTxtLink {
  title: string;
  url: string;
  notes: string | null;
}

export interface LlmsTxtSection {
  name: string;
  links: LlmsTxtLink[];
}

export interface LlmsTxtDocument {
  title: string | null;
  summary: string | null;
  sections: LlmsTxtSection[];
  errors: string[];
  warnings: string[];
}

const LINK_RE = /^[-*+]\s+\[([^\]]+)\]\(([^)\s]+)\)\s*(?::\s*(.*))?$/;

export function parseLlmsTxt(text: string): LlmsTxtDocument {
  const doc: LlmsTxtDocument = { title: null, summary: null, sections: [], errors: [], warnings: [] };
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length && !lines[i].trim()) i++;
  const h1 = /^#\s+(.+)$/.exec(lines[i]?.trim() ?? '');
  if (!h1) {
    doc.errors.push('The file must start with an H1 ("# Name of the site").');
  } else {
    doc.title = h1[1].trim();
    i++;
  }
  let section: LlmsTxtSection | null = null;
  for (; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    if (/^#\s/.test(line)) {
      doc.errors.push(`Line ${i + 1}: only one H1 is allowed.`);
      continue;
    }
    const h2 = /^##\s+(.+)$/.exec(line);
    if (h2) {
      section = { name: h2[1].trim(), links: [] };
      doc.sections.push(section);
      continue;
    }
    if (/^#{3,}\s/.test(line)) {
      doc.warnings.push(`Line ${i + 1}: headings below H2 are not part of the format.`);
      continue;
    }
    if (line.startsWith('>')) {
      if (section === null && doc.summary === null) doc.summary = line.replace(/^>\s?/, '').trim();
      else if (section === null && doc.summary !== null) doc.summary += ` ${line.replace(/^>\s?/, '').trim()}`;
      continue;
    }
    if (section !== null) {
      const m = LINK_RE.exec(line);
      if (m) section.links.push({ title: m[1].trim(), url: m[2], notes: m[3]?.trim() || null });
      else if (/^[-*+]\s/.test(line)) doc.errors.push(`Line ${i + 1}: list items in a section must be Markdown links "- [name](url): notes".`);
      else doc.warnings.push(`Line ${i + 1}: free text inside an H2 section; sections should hold link lists.`);
    }
  }
  if (doc.summary === null) doc.warnings.push('No blockquote summary ("> ...") after the title.');
  if (doc.sections.length === 0) doc.warnings.push('No H2 sections listing the important pages.');
  for (const s of doc.sections) if (s.links.length === 0) doc.warnings.push(`Section "${s.name}" lists no links.`);
  return doc;
}

import { AUDIT_CHECK_COUNT } from './product-facts';

export interface FaqEntry {
  question: string;
  answer: string;
}

/** The landing FAQ; also published as the pages' FAQPage structured data, so keep answers plain text. */
export const FAQ: FaqEntry[] = [
  {
    question: 'What is AI visibility?',
    answer:
      'AI visibility is how well chat assistants, AI search engines and voice assistants can find, understand and quote your website. When someone asks an AI a question in your field, a visible site is read, retrieved and cited in the answer; an invisible one is skipped, however good its content is.',
  },
  {
    question: 'How is the AI Visibility Score calculated?',
    answer:
      `Citable reads your pages the way answer engines do and runs ${AUDIT_CHECK_COUNT} weighted checks: crawler access, structured data, answer-ready passages, sources, statistics, headings and more. The score from 0 to 100 combines four subscores: AI Understanding, Citation Likelihood, Conversational Readiness and Content Structure Quality. Every lost point traces to a check with a concrete fix.`,
  },
  {
    question: 'Which AI systems does Citable cover?',
    answer:
      'Citable checks what chat assistants such as ChatGPT, Claude, Gemini and Perplexity, AI search features and voice assistants such as Siri, Alexa and Google Assistant need from a page: access for their crawlers, machine-readable facts and answer-ready passages. When an AI provider is connected, the same tools also ask a live model and show which source produced each result.',
  },
  {
    question: 'How long does it take to see results?',
    answer:
      'Your scores change as soon as you publish a fix and run the audit again. Changes in how AI systems answer take longer, because their crawlers have to revisit your pages: results typically appear in 2-4 weeks.',
  },
  {
    question: 'Do I need technical skills to use Citable?',
    answer:
      'No. Every recommendation says what is wrong, why it matters and how to fix it, in order of impact. Tools such as the Schema Generator and LLM Site Summaries produce ready-to-paste structured data and llms.txt files, so you can hand them to a developer or add them yourself.',
  },
  {
    question: 'How is this different from traditional SEO tools?',
    answer:
      'Traditional SEO tools optimise for a ranked list of links. AI systems instead retrieve passages and write an answer. What counts is whether a passage answers the question on its own, carries facts a model can trust and quote, and names your brand clearly. Citable measures exactly that and simulates how your passages rank against competitors.',
  },
  {
    question: 'Can I compare my site with competitors?',
    answer:
      'Yes. You add competitors during setup: 1 on the Free plan, 3 on Core, 10 on Pro and 25 on Agency. Competitive Analysis on Pro and Agency shows your scores beside theirs and the checks where they beat you.',
  },
  {
    question: 'Can I change or cancel my plan?',
    answer:
      'Yes. The Free plan needs no payment details. Paid plans are billed monthly or annually in advance, you can upgrade at any time, and a cancellation takes effect at the end of the period you have paid for.',
  },
];

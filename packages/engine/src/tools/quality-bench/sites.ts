import type { EntityKind } from '@citable/contract';

/**
 * The offline quality bench (issue #32): small, realistic sites of different kinds, each
 * labelled by hand with what a reader would say about it. The tools are measured against these
 * labels (`quality-bench.ts`), so a tool that answers wrongly shows up as a lower figure, not as
 * a win. Labels say what a careful human reading the pages would list, nothing more.
 */

export type SiteKind = 'shop' | 'local' | 'saas' | 'publisher' | 'service';

export interface BenchPage {
  url: string;
  html: string;
}

export interface LabelledQuestion {
  question: string;
  /**
   * Words the right spoken answer must contain (from the answering passage or structured data),
   * or null when no page of the site answers the question: the right answer is then "not answered".
   */
  answer: string | null;
}

export interface BenchSite {
  name: string;
  kind: SiteKind;
  /** The topic a user of the prompt tool would type for this site. */
  topic: string;
  pages: BenchPage[];
  /** The named things (people, organisations, places, products) a reader would list, with their kind. */
  entities: { name: string; type: Exclude<EntityKind, 'topic'> }[];
  /** Questions the site answers (with the words of the answer) and a few it does not. */
  questions: LabelledQuestion[];
  /** Prompts a buyer of this kind of business would ask an assistant. */
  buyerPrompts: string[];
  /** Phrasings that do not fit this kind of site: a suggested prompt matching one is wrong. */
  unfitPrompts: RegExp[];
}

const doc = (head: string, body: string): string => `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`;
const ld = (value: unknown): string => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const nav = (links: string[]): string => `<header><nav>${links.map((l) => `<a href="/${l.toLowerCase()}">${l}</a>`).join(' ')}</nav></header>`;

const COFFEE_ORIGIN = 'https://stumptownbean.example';
const COFFEE_ORG = {
  '@context': 'https://schema.org',
  '@type': 'CafeOrCoffeeShop',
  name: 'Stumptown Bean Co',
  url: `${COFFEE_ORIGIN}/`,
  telephone: '+1-503-555-0142',
  address: { '@type': 'PostalAddress', streetAddress: '412 SE Hawthorne Blvd', addressLocality: 'Portland', addressRegion: 'OR', postalCode: '97214', addressCountry: 'US' },
  openingHours: 'Mo-Su 07:00-17:00',
};

export const COFFEE_ROASTER: BenchSite = {
  name: 'Stumptown Bean Co',
  kind: 'shop',
  topic: 'coffee beans',
  pages: [
    {
      url: `${COFFEE_ORIGIN}/`,
      html: doc(
        `<title>Stumptown Bean Co | Small-batch coffee roasters in Portland</title><meta name="description" content="Small-batch coffee roasted in Portland, Oregon. Beans, subscriptions and a café on Hawthorne.">${ld(COFFEE_ORG)}`,
        `${nav(['Shop', 'Brew guides', 'Café', 'About'])}<main>
<p class="banner">WELCOME TO STUMPTOWN BEAN CO!!!</p>
<h1>Small-batch coffee, roasted in Portland</h1>
<p>Stumptown Bean Co roasts single-origin coffee from Ethiopia, Colombia and Guatemala in small batches every Tuesday and Friday, and ships the beans within 24 hours of roasting.</p>
<h2>Our café</h2>
<p>Drink a cup at our café at 412 SE Hawthorne Blvd, Portland, OR 97214. The café is open every day from 7 am to 5 pm, and sells freshly roasted beans by the bag.</p>
<h2>Coffee subscriptions</h2>
<p>A subscription brings a 12 oz bag to your door every two weeks. You can pause or cancel it at any time from your account.</p>
</main><footer>© 2025 Stumptown Bean Co · <a href="/shipping">Shipping</a> · <a href="/contact">Contact</a></footer>`,
      ),
    },
    {
      url: `${COFFEE_ORIGIN}/guides/pour-over`,
      html: doc(
        `<title>How to brew pour-over coffee | Stumptown Bean Co</title>${ld({
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: 'How to brew pour-over coffee',
          author: { '@type': 'Person', name: 'Maya Okafor', jobTitle: 'Head Roaster' },
          datePublished: '2025-03-03',
          dateModified: '2025-04-10',
          publisher: { '@type': 'Organization', name: 'Stumptown Bean Co' },
        })}`,
        `${nav(['Shop', 'Brew guides', 'Café', 'About'])}<main><article>
<h1>How to brew pour-over coffee</h1>
<p class="byline">By Maya Okafor, Head Roaster · Published March 3, 2025 · Updated April 10, 2025</p>
<p>Pour-over coffee is brewed by pouring hot water slowly over ground coffee in a paper filter, so the water draws out the flavour evenly. It takes about four minutes and needs only a dripper, a filter and a kettle.</p>
<h2>What you need</h2>
<ul><li>A dripper such as a Hario V60 or a Chemex</li><li>A paper filter</li><li>A gooseneck kettle</li><li>A burr grinder</li><li>A kitchen scale</li></ul>
<h2>How to brew pour-over coffee, step by step</h2>
<ol><li>Heat the water to 200 °F (93 °C).</li><li>Weigh 22 g of coffee and grind it medium-fine.</li><li>Rinse the paper filter with hot water and discard the water.</li><li>Pour 50 g of water to bloom the grounds and wait 30 seconds.</li><li>Pour the rest of the water in slow circles up to 350 g.</li><li>Let it drain and serve when the bed is flat, after about 3 minutes 30 seconds.</li></ol>
<p>The bloom releases carbon dioxide and aromatics from freshly roasted coffee, which is why fresh beans bubble more.</p>
<h2>Frequently asked questions</h2>
<h3>What grind size is best for pour-over?</h3>
<p>Use a medium-fine grind, about the texture of table salt. A finer grind drains slowly and tastes bitter; a coarser grind drains fast and tastes sour.</p>
<h3>What water temperature should I use?</h3>
<p>Use water between 195 °F and 205 °F, just off the boil. Cooler water under-extracts and makes the cup taste flat.</p>
<h3>How much coffee do I need for one cup?</h3>
<p>Use 22 g of coffee for 350 g of water, a ratio of about 1 to 16, which makes one large mug.</p>
<h3>How long do coffee beans stay fresh?</h3>
<p>Whole beans taste best between 4 and 30 days after roasting. Keep them in an airtight bag away from light and heat.</p>
</article></main><footer>© 2025 Stumptown Bean Co</footer>`,
      ),
    },
    {
      url: `${COFFEE_ORIGIN}/shop/hawthorne-house-blend`,
      html: doc(
        `<title>Hawthorne House Blend, 12 oz | Stumptown Bean Co</title>${ld({
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: 'Hawthorne House Blend',
          description: 'A chocolatey medium roast of Colombian and Guatemalan coffee.',
          brand: { '@type': 'Brand', name: 'Stumptown Bean Co' },
          offers: { '@type': 'Offer', price: '19.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
        })}`,
        `${nav(['Shop', 'Brew guides', 'Café', 'About'])}<main>
<h1>Hawthorne House Blend</h1>
<p class="price">$19.50 for a 12 oz bag</p>
<p>Hawthorne House Blend is a medium roast of Colombian and Guatemalan coffee with notes of milk chocolate, toasted almond and red apple. It is our most popular coffee for drip and pour-over.</p>
<h2>Shipping</h2>
<p>Orders placed before noon ship the same day. Shipping is free on orders over $40 within the United States.</p>
<button>Add to cart</button>
</main>`,
      ),
    },
  ],
  entities: [
    { name: 'Stumptown Bean Co', type: 'organization' },
    { name: 'Maya Okafor', type: 'person' },
    { name: 'Portland', type: 'place' },
    { name: 'Oregon', type: 'place' },
    { name: 'Hawthorne', type: 'place' },
    { name: 'Ethiopia', type: 'place' },
    { name: 'Colombia', type: 'place' },
    { name: 'Guatemala', type: 'place' },
    { name: 'United States', type: 'place' },
    { name: 'Hawthorne House Blend', type: 'product' },
    { name: 'Hario V60', type: 'product' },
    { name: 'Chemex', type: 'product' },
    { name: '412 SE Hawthorne Blvd, Portland, OR 97214', type: 'place' },
  ],
  questions: [
    { question: 'Where can I buy fresh coffee beans in Portland?', answer: '412 SE Hawthorne Blvd' },
    { question: 'How much does the Hawthorne House Blend cost?', answer: '$19.50' },
    { question: 'When is the café open?', answer: '7' },
    { question: 'What grind size is best for pour-over?', answer: 'medium-fine' },
    { question: 'How do I brew pour-over coffee?', answer: 'Heat the water' },
    { question: 'What water temperature should I use for pour-over?', answer: '195 °F' },
    { question: 'Do you ship coffee to Canada?', answer: null },
    { question: 'Do you sell espresso machines?', answer: null },
  ],
  buyerPrompts: ['Where can I buy fresh coffee beans in Portland?', 'How much do specialty coffee beans cost?', 'What is the best coffee subscription?'],
  unfitPrompts: [/hire a provider/i, /free quote/i, /\bdocumentation\b/i],
};

const DENTAL_ORIGIN = 'https://brightsidedental.example';

export const DENTAL_PRACTICE: BenchSite = {
  name: 'Brightside Dental',
  kind: 'local',
  topic: 'teeth whitening',
  pages: [
    {
      url: `${DENTAL_ORIGIN}/`,
      html: doc(
        `<title>Brightside Dental | Family dentist in Austin, TX</title>${ld({
          '@context': 'https://schema.org',
          '@type': 'Dentist',
          name: 'Brightside Dental',
          url: `${DENTAL_ORIGIN}/`,
          telephone: '+1-512-555-0188',
          address: { '@type': 'PostalAddress', streetAddress: '2200 South Lamar Blvd, Suite 4', addressLocality: 'Austin', addressRegion: 'TX', postalCode: '78704' },
          openingHoursSpecification: [{ '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'], opens: '08:00', closes: '17:00' }],
        })}`,
        `${nav(['Services', 'Our team', 'New patients', 'Book'])}<main>
<h1>Gentle family dentistry in South Austin</h1>
<p>Brightside Dental is a family dental practice in Austin, Texas, led by Dr. Priya Raman. We see children and adults for check-ups, cleanings, fillings and cosmetic care.</p>
<h2>New patients</h2>
<p>We are accepting new patients. Your first visit includes an exam, X-rays and a cleaning, and takes about an hour. We accept Delta Dental, Cigna and MetLife insurance.</p>
<h2>Opening hours</h2>
<p>We are open Monday to Thursday, 8 am to 5 pm. The practice is closed on Fridays and weekends.</p>
<p><a href="/book">Book an appointment online</a> or call (512) 555-0188.</p>
</main>`,
      ),
    },
    {
      url: `${DENTAL_ORIGIN}/services/teeth-whitening`,
      html: doc(
        `<title>Teeth whitening | Brightside Dental</title>`,
        `${nav(['Services', 'Our team', 'New patients', 'Book'])}<main>
<h1>Teeth whitening</h1>
<p>In-office teeth whitening at Brightside Dental costs $350 and takes about 90 minutes. Most patients see their teeth three to eight shades lighter after one visit.</p>
<h2>Is teeth whitening safe?</h2>
<p>Yes. Professional whitening uses a peroxide gel applied by Dr. Raman while your gums are protected, so it is safe for healthy teeth. Some patients feel sensitivity for a day or two.</p>
<h2>How long does whitening last?</h2>
<p>Results last one to three years, depending on how much coffee, tea and red wine you drink.</p>
</main>`,
      ),
    },
  ],
  entities: [
    { name: 'Brightside Dental', type: 'organization' },
    { name: 'Priya Raman', type: 'person' },
    { name: 'Austin', type: 'place' },
    { name: 'Texas', type: 'place' },
    { name: 'South Austin', type: 'place' },
    { name: 'Delta Dental', type: 'organization' },
    { name: 'Cigna', type: 'organization' },
    { name: 'MetLife', type: 'organization' },
    { name: '2200 South Lamar Blvd, Suite 4, Austin, TX 78704', type: 'place' },
  ],
  questions: [
    { question: 'Where is Brightside Dental located?', answer: '2200 South Lamar' },
    { question: 'How much does teeth whitening cost?', answer: '$350' },
    { question: 'When is Brightside Dental open?', answer: 'Monday' },
    { question: 'Is teeth whitening safe?', answer: 'safe for healthy teeth' },
    { question: 'Do you accept Delta Dental insurance?', answer: 'Delta Dental' },
    { question: 'Do you offer dental implants?', answer: null },
    { question: 'Are you open on Saturdays?', answer: 'closed on Fridays and weekends' },
  ],
  buyerPrompts: ['Where is a family dentist in South Austin?', 'How much does teeth whitening cost in Austin?', 'How do I book a dentist appointment?'],
  unfitPrompts: [/where can I buy/i, /\bsign up\b/i, /\bdocumentation\b/i, /\bdiscounts? on\b/i],
};

const SAAS_ORIGIN = 'https://ledgerly.example';

export const INVOICING_SAAS: BenchSite = {
  name: 'Ledgerly',
  kind: 'saas',
  topic: 'invoicing software',
  pages: [
    {
      url: `${SAAS_ORIGIN}/`,
      html: doc(
        `<title>Ledgerly - Invoicing software for freelancers</title>${ld({
          '@context': 'https://schema.org',
          '@type': 'SoftwareApplication',
          name: 'Ledgerly',
          applicationCategory: 'BusinessApplication',
          operatingSystem: 'Web, iOS, Android',
          offers: { '@type': 'Offer', price: '12', priceCurrency: 'USD' },
        })}`,
        `${nav(['Features', 'Pricing', 'Docs', 'Log in'])}<main>
<h1>Send invoices and get paid twice as fast</h1>
<p>Ledgerly is invoicing software for freelancers and small agencies. It creates invoices from tracked time, sends payment reminders automatically and takes card payments through Stripe.</p>
<h2>Integrations</h2>
<p>Ledgerly integrates with Stripe, QuickBooks and Xero, so paid invoices are reconciled in your books without copying figures by hand.</p>
<h2>Is there a free trial?</h2>
<p>Yes. Every plan starts with a 14-day free trial, and no credit card is needed to start it.</p>
</main>`,
      ),
    },
    {
      url: `${SAAS_ORIGIN}/pricing`,
      html: doc(
        `<title>Pricing | Ledgerly</title>`,
        `${nav(['Features', 'Pricing', 'Docs', 'Log in'])}<main>
<h1>Pricing</h1>
<p>The Starter plan costs $12 per month for one user and unlimited invoices. The Team plan costs $29 per month for up to five users and adds recurring invoices and client portals.</p>
<table><thead><tr><th>Plan</th><th>Price</th><th>Users</th></tr></thead><tbody><tr><td>Starter</td><td>$12/month</td><td>1</td></tr><tr><td>Team</td><td>$29/month</td><td>5</td></tr></tbody></table>
<h2>Can I cancel at any time?</h2>
<p>Yes. You can cancel from the billing page at any time, and you keep access until the end of the month you paid for.</p>
</main>`,
      ),
    },
  ],
  entities: [
    // The markup declares Ledgerly a SoftwareApplication: the product is what the site is about.
    { name: 'Ledgerly', type: 'product' },
    { name: 'Stripe', type: 'organization' },
    { name: 'QuickBooks', type: 'product' },
    { name: 'Xero', type: 'product' },
    { name: 'Starter', type: 'product' },
    { name: 'Team', type: 'product' },
  ],
  questions: [
    { question: 'How much does Ledgerly cost?', answer: '$12' },
    { question: 'Does Ledgerly integrate with QuickBooks?', answer: 'QuickBooks' },
    { question: 'Is there a free trial?', answer: '14-day' },
    { question: 'Can I cancel my subscription at any time?', answer: 'cancel' },
    { question: 'Where is Ledgerly\'s office?', answer: null },
    { question: 'Does Ledgerly support payroll?', answer: null },
  ],
  buyerPrompts: ['What is the best invoicing software for freelancers?', 'How much does invoicing software cost?', 'Ledgerly vs QuickBooks: which is better?'],
  unfitPrompts: [/hire a provider/i, /free quote/i, /opening hours/i, /where is .* located/i],
};

const NEWS_ORIGIN = 'https://tidewaterledger.example';

export const LOCAL_PUBLISHER: BenchSite = {
  name: 'The Tidewater Ledger',
  kind: 'publisher',
  topic: 'ferry fares',
  pages: [
    {
      url: `${NEWS_ORIGIN}/2025/05/ferry-fares-rise`,
      html: doc(
        `<title>Council votes to raise ferry fares by 15% | The Tidewater Ledger</title>${ld({
          '@context': 'https://schema.org',
          '@type': 'NewsArticle',
          headline: 'Council votes to raise ferry fares by 15%',
          author: { '@type': 'Person', name: 'Daniel Reyes' },
          datePublished: '2025-05-14',
          publisher: { '@type': 'NewsMediaOrganization', name: 'The Tidewater Ledger' },
        })}`,
        `${nav(['News', 'Politics', 'Opinion', 'Subscribe'])}<main><article>
<h1>Council votes to raise ferry fares by 15%</h1>
<p class="byline">By Daniel Reyes · May 14, 2025</p>
<p>The Norfolk City Council voted 5 to 2 on Tuesday to raise fares on the Elizabeth River Ferry by 15% from July 1, the first increase since 2019.</p>
<p>An adult single ticket will rise from $2.00 to $2.30. Seniors and children under 12 will keep paying $1.00.</p>
<p>Council member Andrea Walsh, who voted against the increase, said commuters from Portsmouth would bear most of the cost. Hampton Roads Transit, which runs the ferry, said the increase covers rising fuel and crew costs.</p>
</article></main><footer>© 2025 The Tidewater Ledger</footer>`,
      ),
    },
  ],
  entities: [
    { name: 'The Tidewater Ledger', type: 'organization' },
    { name: 'Daniel Reyes', type: 'person' },
    { name: 'Norfolk City Council', type: 'organization' },
    { name: 'Elizabeth River Ferry', type: 'product' },
    { name: 'Andrea Walsh', type: 'person' },
    { name: 'Portsmouth', type: 'place' },
    { name: 'Norfolk', type: 'place' },
    { name: 'Hampton Roads Transit', type: 'organization' },
    { name: 'Hampton Roads', type: 'place' },
  ],
  questions: [
    { question: 'How much will an adult ferry ticket cost?', answer: '$2.30' },
    { question: 'When do the new ferry fares start?', answer: 'July 1' },
    { question: 'Who runs the Elizabeth River Ferry?', answer: 'Hampton Roads Transit' },
    { question: 'Where can I buy a monthly ferry pass?', answer: null },
  ],
  buyerPrompts: ['How much are Elizabeth River Ferry fares?', 'Why are ferry fares rising in Norfolk?'],
  unfitPrompts: [/hire a provider/i, /free quote/i, /where can I buy/i, /\bsign up for ferry/i],
};

const ACCOUNTING_ORIGIN = 'https://northgateaccounting.example';

export const ACCOUNTING_FIRM: BenchSite = {
  name: 'Northgate Accounting Ltd',
  kind: 'service',
  topic: 'tax returns',
  pages: [
    {
      url: `${ACCOUNTING_ORIGIN}/`,
      html: doc(
        `<title>Northgate Accounting Ltd | Accountants for small businesses in Leeds</title>${ld({
          '@context': 'https://schema.org',
          '@type': 'AccountingService',
          name: 'Northgate Accounting Ltd',
          url: `${ACCOUNTING_ORIGIN}/`,
          address: { '@type': 'PostalAddress', streetAddress: '14 Park Row', addressLocality: 'Leeds', postalCode: 'LS1 5HD', addressCountry: 'GB' },
          areaServed: 'West Yorkshire',
        })}`,
        `${nav(['Services', 'Fees', 'About', 'Contact'])}<main>
<h1>Accountants for small businesses in Leeds</h1>
<p>Northgate Accounting Ltd prepares tax returns, annual accounts and payroll for sole traders and small companies across West Yorkshire. We are chartered accountants regulated by the ICAEW.</p>
<h2>Fees</h2>
<p>A self-assessment tax return costs £450 for a sole trader. Annual accounts for a limited company start at £1,200, and monthly bookkeeping starts at £150.</p>
<h2>How do I get a quote?</h2>
<p>Send us your last year's figures through the contact form and we reply with a fixed-fee quote within two working days.</p>
<h2>Meet the team</h2>
<p>The firm was founded in 2011 by Helen Carter, a chartered accountant who previously worked at KPMG.</p>
</main>`,
      ),
    },
  ],
  entities: [
    { name: 'Northgate Accounting Ltd', type: 'organization' },
    { name: 'Leeds', type: 'place' },
    { name: 'West Yorkshire', type: 'place' },
    { name: 'ICAEW', type: 'organization' },
    { name: 'Helen Carter', type: 'person' },
    { name: 'KPMG', type: 'organization' },
    { name: '14 Park Row, Leeds, LS1 5HD', type: 'place' },
  ],
  questions: [
    { question: 'How much does a tax return cost?', answer: '£450' },
    { question: 'Where is Northgate Accounting based?', answer: '14 Park Row' },
    { question: 'How do I get a quote?', answer: 'contact form' },
    { question: 'Who founded Northgate Accounting?', answer: 'Helen Carter' },
    { question: 'Do you handle VAT investigations?', answer: null },
  ],
  buyerPrompts: ['How much does an accountant charge for a tax return in Leeds?', 'How do I hire an accountant for my small business?', 'Can I get a fixed-fee quote for bookkeeping?'],
  unfitPrompts: [/where can I buy/i, /\bdiscounts? on\b/i, /\bdocumentation\b/i],
};

export const BENCH_SITES: BenchSite[] = [COFFEE_ROASTER, DENTAL_PRACTICE, INVOICING_SAAS, LOCAL_PUBLISHER, ACCOUNTING_FIRM];

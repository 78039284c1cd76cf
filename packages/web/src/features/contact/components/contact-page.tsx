import { Bot, Clock, Mail, MapPin, Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHero } from '../../../components/page-hero';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { BUSINESS_HOURS, CONTACT_CHANNELS, CONTACT_FAQ } from '../data/contact-info';
import { ContactForm } from './contact-form';
import { ContactSent } from './contact-sent';

const CHANNEL_ICONS = { email: Mail, priority: Star, genie: Bot, office: MapPin } as const;

export function ContactPage() {
  useDocumentTitle('Contact Us | Citable');
  const [sent, setSent] = useState(false);

  return (
    <>
      <PageHero eyebrow="Contact Us" title="Talk to the Citable team">
        Questions about your AI visibility, a plan or an invoice? Send us a message and a person will answer.
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading" className="mb-6 text-xl font-semibold text-slate-900">
            Send us a message
          </h2>
          {sent ? <ContactSent onAnother={() => setSent(false)} /> : <ContactForm onSent={() => setSent(true)} />}
        </section>
        <aside className="space-y-8">
          <section aria-labelledby="contact-info-heading" className="rounded-2xl border border-slate-200 p-6">
            <h2 id="contact-info-heading" className="text-lg font-semibold text-slate-900">
              Contact information
            </h2>
            <ul className="mt-4 space-y-4">
              {CONTACT_CHANNELS.map((channel) => {
                const Icon = CHANNEL_ICONS[channel.id];
                return (
                  <li key={channel.id} className="flex gap-3">
                    <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-600" />
                    <div>
                      <h3 className="text-sm font-semibold text-slate-900">{channel.title}</h3>
                      {channel.lines.map((line) => (
                        <p key={line} className="text-sm text-slate-600">
                          {line}
                        </p>
                      ))}
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
          <section aria-labelledby="contact-hours-heading" className="rounded-2xl border border-slate-200 p-6">
            <h2 id="contact-hours-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <Clock aria-hidden="true" className="size-5 text-primary-600" />
              Business hours
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              {BUSINESS_HOURS.map((row) => (
                <div key={row.days} className="flex justify-between gap-4">
                  <dt className="text-slate-600">{row.days}</dt>
                  <dd className="font-medium text-slate-900">{row.hours}</dd>
                </div>
              ))}
            </dl>
          </section>
        </aside>
      </div>
      <section aria-labelledby="contact-faq-heading" className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <h2 id="contact-faq-heading" className="text-2xl font-bold text-slate-900">
            Frequently asked questions
          </h2>
          <dl className="mt-6 grid gap-6 md:grid-cols-3">
            {CONTACT_FAQ.map((entry) => (
              <div key={entry.question} className="rounded-2xl border border-slate-200 bg-white p-6">
                <dt className="font-semibold text-slate-900">{entry.question}</dt>
                <dd className="mt-2 text-sm text-slate-600">{entry.answer}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-6 text-slate-700">
            More answers in the{' '}
            <Link to="/help-center" className="font-medium text-primary-700 underline underline-offset-2">
              Help Centre
            </Link>
            .
          </p>
        </div>
      </section>
    </>
  );
}

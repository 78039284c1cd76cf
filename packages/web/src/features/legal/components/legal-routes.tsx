import { ScrollRegion } from '../../../components/ui/scroll-region';
import { COOKIE_POLICY, COOKIES } from '../data/cookie-policy';
import { PRIVACY_POLICY } from '../data/privacy-policy';
import { TERMS_OF_SERVICE } from '../data/terms-of-service';
import { LegalPage } from './legal-page';

export function PrivacyPolicyPage() {
  return <LegalPage document={PRIVACY_POLICY} />;
}

export function TermsOfServicePage() {
  return <LegalPage document={TERMS_OF_SERVICE} />;
}

function CookieTable() {
  return (
    <ScrollRegion label="Cookies set by Citable" className="mt-4 rounded-2xl border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Cookies set by Citable</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">Name</th>
            <th scope="col" className="px-4 py-2 font-medium">Purpose</th>
            <th scope="col" className="px-4 py-2 font-medium">Type</th>
            <th scope="col" className="px-4 py-2 font-medium">Duration</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {COOKIES.map((cookie) => (
            <tr key={cookie.name}>
              <th scope="row" className="px-4 py-3 align-top font-mono text-xs font-medium whitespace-nowrap text-slate-900">{cookie.name}</th>
              <td className="px-4 py-3 align-top text-slate-700">{cookie.purpose}</td>
              <td className="px-4 py-3 align-top whitespace-nowrap text-slate-700">{cookie.type}</td>
              <td className="px-4 py-3 align-top text-slate-700">{cookie.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export function CookiePolicyPage() {
  return <LegalPage document={COOKIE_POLICY} extras={{ 'cookie-list': <CookieTable /> }} />;
}

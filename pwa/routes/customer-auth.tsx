import { createFileRoute } from '@tanstack/react-router';
import { CustomerAuth, TEXT } from '../components/auth/CustomerAuth.tsx';
import type { AuthMode } from '../components/auth/CustomerAuth.tsx';
import { placeOf, portalSearch, type PortalSearch } from '../components/portal/search.ts';
import { businessName, pageHead } from '../lib/head.ts';

const MODES: readonly string[] = ['signin', 'signup', 'forgot'];

// `?verify=<token>` (the mailed confirmation link) and `?mode=signup|forgot`, and where in the portal to go once
// signed in (`?tab=…&chat=…`: a mailed link to a quote or a chat, or the portal's own redirect), and `?email=` (a
// mail's sign-up link: the address it went to, which the forms fill in). A plain check, not zod: this runs in the
// entry chunk, and zod would add ~18 KB gzip to every marketing page.
function searchSchema(search: Record<string, unknown>): { verify?: string; mode?: AuthMode; email?: string } & PortalSearch {
  const verify = search['verify'];
  const mode = search['mode'];
  const email = search['email'];
  return {
    ...(typeof verify === 'string' && verify.length > 0 && verify.length <= 200 ? { verify } : {}),
    ...(typeof mode === 'string' && MODES.includes(mode) ? { mode: mode as AuthMode } : {}),
    ...(typeof email === 'string' && email.length <= 254 && email.includes('@') ? { email } : {}),
    ...portalSearch(search),
  };
}

export const Route = createFileRoute('/customer-auth')({
  validateSearch: searchSchema,
  // Sign in keeps the page's own title; the other modes are titled as their heading.
  head: ({ match }) => (match.search.mode && match.search.mode !== 'signin' ? { meta: [{ title: `${TEXT[match.search.mode].title} | ${businessName}` }] } : pageHead('/customer-auth')),
  component: CustomerAuthPage,
});

function CustomerAuthPage() {
  const { verify, mode, tab, chat, booking, quote, email } = Route.useSearch();
  return <CustomerAuth mode={mode} verify={verify} place={placeOf({ tab, chat, booking, quote })} email={email} />;
}

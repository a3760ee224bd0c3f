/** Who a screen is for; lets the server, the service worker and the shell treat groups differently (e.g. keep `dev` tools out of indexing). */
export type RouteKind = 'public' | 'portal' | 'admin' | 'auth' | 'dev';

/** One entry of the seed's route table; plain data so the server, the worker and the client agree on it without importing React. */
export type ClientRoute = {
  readonly path: string;
  readonly title: string;
  readonly kind: RouteKind;
};

/** The seed's route table (spec point 2), the single source of truth for which paths the app answers and what each page is called. */
export const clientRoutes = [
  { path: '/', title: 'Electrician in Ashford, Surrey', kind: 'public' },
  { path: '/customer', title: 'Customer Portal', kind: 'portal' },
  { path: '/customer-portal', title: 'Customer Portal', kind: 'portal' },
  { path: '/customer-auth', title: 'Customer Sign In', kind: 'auth' },
  { path: '/admin', title: 'Admin Portal', kind: 'admin' },
  { path: '/password-reset', title: 'Admin Password Reset', kind: 'auth' },
  { path: '/forgot-password', title: 'Forgot Password', kind: 'auth' },
  { path: '/reset-password', title: 'Reset Password', kind: 'auth' },
  { path: '/support', title: 'Client Support', kind: 'public' },
  { path: '/email-test', title: 'Email Delivery Test', kind: 'dev' },
  { path: '/test-login', title: 'Login Test', kind: 'dev' },
  { path: '/test-auth', title: 'Authentication Test', kind: 'dev' },
  { path: '/privacy-policy', title: 'Privacy Policy', kind: 'public' },
  { path: '/rewiring-surrey', title: 'House Rewiring in Surrey', kind: 'public' },
  { path: '/consumer-unit-upgrade-surrey', title: 'Consumer Unit Upgrades in Surrey', kind: 'public' },
  { path: '/emergency-electrician-ashford', title: '24/7 Emergency Electrician in Ashford', kind: 'public' },
  { path: '/electrician-staines', title: 'Electrician in Staines-upon-Thames', kind: 'public' },
  { path: '/electrician-windsor', title: 'Electrician in Windsor', kind: 'public' },
  { path: '/electrician-feltham', title: 'Electrician in Feltham', kind: 'public' },
  { path: '/electrician-hampton', title: 'Electrician in Hampton', kind: 'public' },
  { path: '/electrician-richmond', title: 'Electrician in Richmond', kind: 'public' },
  { path: '/faq', title: 'Frequently Asked Questions', kind: 'public' },
] as const satisfies readonly ClientRoute[];

/** The literal union of routed paths, so callers (route files, links, tests) get a compile error for a path the table lacks. */
export type ClientRoutePath = (typeof clientRoutes)[number]['path'];

/**
 * The route for a URL pathname, or undefined; exact and case-sensitive because the server answers 404 for
 * anything else. One trailing slash is tolerated (`/faq/`), never two, and `//` is not the home page.
 * Pass the pathname only, without query string or hash.
 */
export function findClientRoute(pathname: string): ClientRoute | undefined {
  if (pathname === '/') return routesByPath.get('/');
  const trimmed = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (trimmed === '/' || trimmed === '') return undefined;
  return routesByPath.get(trimmed);
}

/** Whether the server should answer 200 with index.html (true) or 404 (false) for a pathname; exact, see `findClientRoute`. */
export function isClientRoute(pathname: string): boolean {
  return findClientRoute(pathname) !== undefined;
}

/** The title of a known path; typed on `ClientRoutePath` so a page can't ask for a route the table lacks. */
export function routeTitle(path: ClientRoutePath): string {
  return routesByPath.get(path)?.title ?? '';
}

const routesByPath: ReadonlyMap<string, ClientRoute> = new Map(clientRoutes.map((route) => [route.path, route]));

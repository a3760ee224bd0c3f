/** The header's five links (seed point 2), shared by the desktop navigation and the mobile menu. */
export const NAV_LINKS = [
  { label: 'Home', to: '/', hash: undefined },
  { label: 'Customer Portal', to: '/customer-portal', hash: undefined },
  { label: 'Services', to: '/', hash: 'services' },
  { label: 'About', to: '/', hash: 'about' },
  { label: 'Contact', to: '/', hash: 'contact' },
] as const;

/**
 * How a link decides it is the current one: the home page and its anchors only count when the hash
 * matches too, so '/#services' highlights Services, not Home. The router leaves hash links inactive in
 * the prerendered HTML and while hydrating, then marks them, so server and client markup agree.
 */
export const ACTIVE_WITH_HASH = { exact: true, includeHash: true } as const;

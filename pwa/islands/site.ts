// The islands of every page, in one module so they download as one file (see registry.ts).
export { MenuButton } from '../components/layout/MenuButton.tsx';
export { OutboxStatus } from '../components/offline/OutboxStatus.tsx';
export { SiteHosts } from '../components/layout/SiteHosts.tsx';
export { CookieSettingsButton } from '../components/layout/CookieSettingsButton.tsx';

import type { ComponentType } from 'react';

/**
 * Every island (pwa/islands/Island.tsx) by name: the component it hydrates, loaded on demand from one module
 * per group (site.ts: every page's; home.ts: the home page's; home-near.ts: those far down it), so a page
 * downloads only the islands it has, in a few files rather than one per island (fewer requests, better
 * compression). `now` islands hydrate at once (the header, the hosts of the cookie banner, toasts and update
 * prompt, the chat button); `idle` ones right after, when the main thread is free; `near` ones, far down the page
 * and with nothing to do until seen, only once the visitor comes within a screen of them (ADR 034).
 */
export const ISLANDS = {
  menu: { when: 'now', load: () => import('./site.ts').then((m) => m.MenuButton) },
  'outbox-status': { when: 'now', load: () => import('./site.ts').then((m) => m.OutboxStatus) },
  hosts: { when: 'now', load: () => import('./site.ts').then((m) => m.SiteHosts) },
  'cookie-settings': { when: 'idle', load: () => import('./site.ts').then((m) => m.CookieSettingsButton) },
  chat: { when: 'now', load: () => import('./home.ts').then((m) => m.ChatWidget) },
  'quote-form': { when: 'idle', load: () => import('./home.ts').then((m) => m.QuoteForm) },
  'contact-form': { when: 'idle', load: () => import('./home.ts').then((m) => m.ContactForm) },
  videos: { when: 'near', load: () => import('./home-near.ts').then((m) => m.VideoGrid) },
  'area-map': { when: 'near', load: () => import('./home-near.ts').then((m) => m.ServiceAreaMap) },
  'safety-tips': { when: 'near', load: () => import('./home-near.ts').then((m) => m.SafetyTipsCard) },
} satisfies Record<string, { when: 'now' | 'idle' | 'near'; load: () => Promise<ComponentType> }>;

export type IslandName = keyof typeof ISLANDS;

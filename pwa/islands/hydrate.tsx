import { startTransition, useEffect } from 'react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { ISLANDS } from './registry.ts';
import type { IslandName } from './registry.ts';

/**
 * Hydrates the islands of a prerendered islands page, each as its own React root: first those marked `now`,
 * then, once the browser is idle, the `idle` ones. Resolves with the roots (the router unmounts them when it takes
 * the page over) once those have committed — from then on every control of the page responds, but for the `near`
 * islands far down it: each of those is fetched and hydrated as the visitor comes within a screen of it, its root
 * added to the same list, and marked `data-hydrated` when it responds.
 */
export async function hydrateIslands(): Promise<Root[]> {
  const elements = [...document.querySelectorAll<HTMLElement>('[data-island]')].filter((element) => element.dataset['island']! in ISLANDS);
  const named = (element: HTMLElement) => ISLANDS[element.dataset['island'] as IslandName];
  const now = elements.filter((element) => named(element).when === 'now');
  const later = elements.filter((element) => named(element).when === 'idle');
  const roots: Root[] = [];
  // Every island's code is fetched at once; each hydrates in its own task, so no long task blocks the page.
  const loads = new Map([...now, ...later].map((element) => [element, named(element).load()] as const));
  for (const element of now) roots.push(await hydrateOne(element, await loads.get(element)!));
  whenNear(
    elements.filter((element) => named(element).when === 'near'),
    (element) => named(element).load(),
    roots,
  );
  await idle();
  for (const element of later) roots.push(await hydrateOne(element, await loads.get(element)!));
  return roots;
}

/**
 * Hydrates each island once the visitor comes within a screen of it (scrolled, or sent there by a link), and
 * not before: on a phone the home page's map is fifteen screens down, and most visitors never reach it. Their code
 * is fetched at the first scroll (a link to a place on the page scrolls too): the page's opening is spared it, and
 * it is in by the time the visitor gets near, so a button there is not dead for the moment it would take to come.
 */
function whenNear(elements: readonly HTMLElement[], load: (element: HTMLElement) => Promise<React.ComponentType>, roots: Root[]): void {
  const first = elements[0];
  if (!first) return;
  // A failure here is no matter: coming near asks again.
  window.addEventListener('scroll', () => void load(first).catch(() => undefined), { once: true, passive: true });
  // An island takes no box of its own (`display: contents`), so what is watched is its component's element.
  const islandOf = new Map(elements.map((element) => [element.firstElementChild ?? element, element] as const));
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const element = islandOf.get(entry.target);
        if (!entry.isIntersecting || !element) continue;
        observer.unobserve(entry.target);
        const target = entry.target;
        load(element).then(
          async (Component) => {
            // Not when the router has taken the page over meanwhile: the element went with the old page.
            if (!element.isConnected) return;
            roots.push(await hydrateOne(element, Component));
            element.dataset['hydrated'] = 'true';
          },
          // Its code did not come (no signal, no service worker yet): the page stays as it is, and tries again once
          // the connection is back.
          () => window.addEventListener('online', () => observer.observe(target), { once: true }),
        );
      }
    },
    { rootMargin: '100% 0px' },
  );
  for (const target of islandOf.keys()) observer.observe(target);
}

function hydrateOne(element: HTMLElement, Component: React.ComponentType): Promise<Root> {
  return new Promise((resolve) => {
    let root: Root | undefined;
    const committed = () => setTimeout(() => resolve(root!), 0);
    startTransition(() => {
      root = hydrateRoot(
        element,
        <Committed onCommit={committed}>
          <Component />
        </Committed>,
      );
    });
  });
}

/** Calls back once the island's first render is committed (effects run after the commit). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(() => {
    onCommit();
  }, [onCommit]);
  return children;
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}

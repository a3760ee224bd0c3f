import { startTransition, useEffect } from 'react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { ISLANDS } from './registry.ts';
import type { IslandName } from './registry.ts';

/**
 * Hydrates the islands of a prerendered islands page, each as its own React root: first those marked `now`,
 * then, once the browser is idle, the others. Resolves with the roots (the router unmounts them when it takes
 * the page over) once every island has committed — from then on every control of the page responds.
 */
export async function hydrateIslands(): Promise<Root[]> {
  const elements = [...document.querySelectorAll<HTMLElement>('[data-island]')].filter((element) => element.dataset['island']! in ISLANDS);
  const named = (element: HTMLElement) => ISLANDS[element.dataset['island'] as IslandName];
  const now = elements.filter((element) => named(element).when === 'now');
  const later = elements.filter((element) => named(element).when !== 'now');
  const roots: Root[] = [];
  // Every island's code is fetched at once; each hydrates in its own task, so no long task blocks the page.
  const loads = new Map(elements.map((element) => [element, named(element).load()] as const));
  for (const element of now) roots.push(await hydrateOne(element, await loads.get(element)!));
  await idle();
  for (const element of later) roots.push(await hydrateOne(element, await loads.get(element)!));
  return roots;
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

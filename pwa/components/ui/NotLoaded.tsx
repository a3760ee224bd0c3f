import { Component, Suspense, lazy, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';

/**
 * A lazy part of the page, and `again` to fetch its code afresh after NotLoaded caught its failure (a lazy part that
 * failed stays failed): the chat's panel and Waiting to send's list, tried again at the next press.
 */
export function useLazyAgain<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const [Part, setPart] = useState(() => lazy(load));
  return { Part, again: () => setPart(() => lazy(load)) };
}

/**
 * Catches a part of the page whose code failed to arrive (a lazy chunk fetched with no signal, before the service
 * worker kept it: a first visit, a private window) and draws `fallback` instead (nothing by default); `onFailed` hears
 * of it, to offer the part again once the browser is back online. Uncaught, the failed chunk took the whole page or
 * island down with it. It waits for the part's code itself (Suspense, drawing nothing meanwhile).
 */
export class NotLoaded extends Component<{ children: ReactNode; onFailed: () => void; fallback?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.onFailed();
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

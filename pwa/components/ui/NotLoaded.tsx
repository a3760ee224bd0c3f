import { Component } from 'react';
import type { ReactNode } from 'react';

/**
 * Catches a part of the page whose code failed to arrive (a lazy chunk fetched with no signal, before the service
 * worker kept it: a first visit, a private window) and draws `fallback` instead (nothing by default); `onFailed` hears
 * of it, to offer the part again once the browser is back online. Uncaught, the failed chunk took the whole page or
 * island down with it.
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
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}

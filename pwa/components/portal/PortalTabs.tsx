import { useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import type { PortalTab } from './search.ts';

/** One tab: its key, its words, and (on small screens) shorter words. */
export type TabSpec = { readonly key: PortalTab; readonly label: string; readonly short: string };

/**
 * The portal's tabs, as the WAI-ARIA tabs pattern has them: one tab stop, arrow keys (and Home/End) move
 * between tabs and open them, focus stays on the tab; the panel is labelled by its tab.
 */
export function PortalTabs({ tabs, current, onChange, children }: { tabs: readonly TabSpec[]; current: PortalTab; onChange: (tab: PortalTab) => void; children: ReactNode }) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : -1;
    if (next < 0) return;
    event.preventDefault();
    onChange(tabs[next]!.key);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <>
      <div className="portal-tabs" role="tablist" aria-label="Customer portal" ref={list}>
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`portal-tab-${tab.key}`}
            aria-selected={tab.key === current}
            aria-controls={tab.key === current ? `portal-panel-${tab.key}` : undefined}
            tabIndex={tab.key === current ? 0 : -1}
            className="portal-tabs__tab"
            onClick={() => onChange(tab.key)}
            onKeyDown={(event) => move(event, index)}
          >
            <span className="portal-tabs__long">{tab.label}</span>
            <span className="portal-tabs__short" aria-hidden="true">
              {tab.short}
            </span>
          </button>
        ))}
      </div>
      <div className="portal-panel" role="tabpanel" id={`portal-panel-${current}`} aria-labelledby={`portal-tab-${current}`}>
        {children}
      </div>
    </>
  );
}

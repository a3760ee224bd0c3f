import { useEffect, useState } from 'react';
import { CATEGORY_STYLES, PRIORITY_STYLES, SAFETY_TIPS, TIP_ROTATION_MS, nextTip } from '#domain/widgets/safety-tips.ts';
import type { TipIcon } from '#domain/widgets/safety-tips.ts';
import { Icon } from '../ui/Icon.tsx';
import type { AnyIcon } from '../ui/Icon.tsx';
import './tip-card.css';

const ICONS: Record<TipIcon, AnyIcon> = { warning: 'warning', lightbulb: 'lightbulb', shield: 'shield', zap: 'zap' };

/**
 * The rotating safety tip (seed point 2). The first render shows tip 1 (the same on the server and while
 * hydrating); rotation starts in an effect, every 30 seconds, with a random tip not among the last five.
 * It pauses while the page is hidden or the card is hovered or focused, and has Pause and Next buttons
 * (WCAG 2.2.2); with reduced motion it does not rotate on its own. Every tip is laid out in the same grid
 * cell, so the card is as tall as its longest tip and a new tip never moves the page.
 */
export function SafetyTipsCard() {
  const [tip, setTip] = useState<{ index: number; history: number[] }>({ index: 0, history: [0] });
  const [stopped, setStopped] = useState(false);
  const [held, setHeld] = useState(false);
  const [announce, setAnnounce] = useState(false);

  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setStopped(true);
  }, []);

  useEffect(() => {
    if (stopped || held) return;
    let timer: number | undefined;
    const start = () => {
      window.clearInterval(timer);
      timer = document.hidden ? undefined : window.setInterval(() => setTip((current) => nextTip(current.history, Math.random)), TIP_ROTATION_MS);
    };
    start();
    document.addEventListener('visibilitychange', start);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', start);
    };
  }, [stopped, held]);

  const showNext = () => {
    setAnnounce(true);
    setTip((current) => nextTip(current.history, Math.random));
  };

  const current = SAFETY_TIPS[tip.index] ?? SAFETY_TIPS[0]!;
  const category = CATEGORY_STYLES[current.category];
  return (
    <section
      className="tip-card"
      aria-label="Safety tips"
      style={{ borderTopColor: category.color, background: `linear-gradient(180deg, ${category.background}, #fff 55%)` }}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="tip-card__head">
        <p className="tip-card__eyebrow">
          <Icon name="shield" size={16} />
          Safety tip
        </p>
        <span className="tip-card__category" style={{ color: category.color, borderColor: category.color }}>
          {category.label}
        </span>
      </div>
      <div className="tip-card__stack" aria-live={announce ? 'polite' : 'off'} aria-atomic="true">
        {SAFETY_TIPS.map((item, index) => {
          const style = CATEGORY_STYLES[item.category];
          const priority = PRIORITY_STYLES[item.priority];
          const visible = index === tip.index;
          return (
            <div key={item.title} className={`tip-card__tip${visible ? ' is-current' : ''}`} aria-hidden={visible ? undefined : true}>
              <span className="tip-card__icon" style={{ color: style.color, background: style.background }}>
                <Icon name={ICONS[item.icon]} size={26} />
              </span>
              <h3>{item.title}</h3>
              <p>{item.description}</p>
              <p className="tip-card__priority" style={{ color: priority.color }}>
                <span className="tip-card__dot" style={{ background: priority.color }} />
                {priority.label}
              </p>
            </div>
          );
        })}
      </div>
      <div className="tip-card__controls">
        <button type="button" className="btn btn--secondary btn--small" onClick={() => setStopped((value) => !value)}>
          {stopped ? 'Rotate tips' : 'Pause tips'}
        </button>
        <button type="button" className="btn btn--primary btn--small" onClick={showNext}>
          Next tip
          <Icon name="arrow-right" size={16} />
        </button>
      </div>
    </section>
  );
}

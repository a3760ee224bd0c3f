import type { FaqItem } from '#domain/content/faq.ts';
import { Icon } from '../ui/Icon.tsx';
import './pages.css';

/**
 * The FAQ accordion on native <details>: several answers may be open at once, a click (or Enter/Space) on a
 * question toggles it, and every answer is in the prerendered HTML, so it works without JavaScript, is
 * found by in-page search (the browser opens the matching answer) and is indexed. No `name` attribute:
 * that would make the group exclusive.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="pg-faq">
      {items.map((item, index) => (
        <details key={item.question} className="pg-faq__item" id={`question-${index + 1}`}>
          <summary className="pg-faq__question">
            <span>{item.question}</span>
            <Icon name="chevron-down" size={22} className="pg-faq__icon" />
          </summary>
          <div className="pg-faq__answer">
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}

import { BUSINESS } from '#domain/business.ts';
import { TEL_HREF, hoursLines } from '#domain/content/shared.ts';
import { Icon } from '../ui/Icon.tsx';
import './pages.css';

/** The facts a visitor checks before calling, all from the one set of business facts. */
const GLANCE = [
  `Established ${BUSINESS.established}, ${BUSINESS.customers} customers`,
  '18th Edition qualified, Part P registered',
  `${BUSINESS.publicLiability} public liability insurance`,
  `${BUSINESS.guaranteeYears}-year workmanship guarantee`,
  'Free, no-obligation quotes',
  `${BUSINESS.emergency} emergency callout`,
];

/** The hero's side card on town pages: the credentials at a glance. */
export function GlancePanel() {
  return (
    <div className="pg-panel">
      <p className="pg-panel__title">{BUSINESS.name} at a glance</p>
      <ul className="checklist pg-panel__list">
        {GLANCE.map((line) => (
          <li key={line}>
            <Icon name="check" size={18} />
            <span>{line}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The hero's side card on service pages: the number to call and when someone answers (on the emergency page: always). */
export function CallPanel({ title, emergency = false }: { title: string; emergency?: boolean }) {
  return (
    <div className="pg-panel">
      <p className="pg-panel__title">{title}</p>
      <a className="pg-panel__phone" href={TEL_HREF}>
        <Icon name="phone" size={22} />
        <span>{BUSINESS.phone}</span>
      </a>
      <ul className="pg-panel__hours">
        {(emergency ? [] : hoursLines()).map((line) => (
          <li key={line}>
            <Icon name="clock" size={16} />
            <span>{line}</span>
          </li>
        ))}
        <li className="pg-panel__emergency">
          <Icon name="siren" size={16} />
          <span>{emergency ? `Every day of the year, ${BUSINESS.emergency}` : `Emergency callout ${BUSINESS.emergency}`}</span>
        </li>
      </ul>
    </div>
  );
}

import { BUSINESS } from '#domain/business.ts';
import { AppLink } from '../ui/AppLink.tsx';

/** The brand mark: the app icon's white bolt on a red rounded square, drawn inline so it costs no request. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="11" fill="#b3261e" />
      <path d="M27.5 5 13 27h10l-3 16 15-23H25l5-15z" fill="#fff" />
      <path d="M27.5 5 13 27h10l-3 16 15-23H25l5-15z" fill="none" stroke="#fbbf24" strokeWidth="1.2" strokeLinejoin="round" opacity=".9" />
    </svg>
  );
}

/** The header's home link: mark and name. */
export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  const [first, ...rest] = BUSINESS.name.split(' ');
  return (
    <AppLink to="/" className="brand" onClick={onNavigate}>
      <LogoMark />
      <span className="brand__name">
        <span className="brand__first">{first}</span> <span className="brand__rest">{rest.join(' ')}</span>
      </span>
    </AppLink>
  );
}

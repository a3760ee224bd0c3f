import type { IconName } from '#domain/content/shared.ts';

/** Every icon the site draws: the content's service icons plus the interface's own. */
export type AnyIcon =
  | IconName
  | 'phone'
  | 'whatsapp'
  | 'mail'
  | 'pin'
  | 'clock'
  | 'check'
  | 'star'
  | 'menu'
  | 'close'
  | 'chat'
  | 'social'
  | 'warning'
  | 'lightbulb'
  | 'arrow-right'
  | 'play'
  | 'directions'
  | 'send'
  | 'search'
  | 'lock'
  | 'chevron-down'
  | 'arrow-up'
  | 'download'
  | 'external'
  | 'cookie'
  | 'calendar'
  | 'user'
  | 'award'
  | 'offline'
  | 'outbox';

/** 24×24 stroke paths (currentColor), drawn for this site; no icon font, no request. */
const PATHS: Record<AnyIcon, string> = {
  offline: 'M2 8.8a15 15 0 0 1 4.2-2.6M10 5.1A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 3.6-2.2M15 10.6a10 10 0 0 1 4 1.9M8.5 16.1a5 5 0 0 1 5.5-.8M12 20h.01M3 3l18 18',
  outbox: 'M3 13h5l2 3h4l2-3h5M3 13v7h18v-7l-3-8H6l-3 8zM12 3v8M9 6l3-3 3 3',
  plug: 'M9 2v6M15 2v6M6 8h12v3a6 6 0 0 1-12 0V8zM12 17v5',
  cable: 'M4 4h4v4H4zM16 16h4v4h-4zM6 8v4a4 4 0 0 0 4 4h6',
  fusebox: 'M4 3h16v18H4zM8 7h2v4H8zM14 7h2v4h-2zM8 15h8',
  socket: 'M4 4h16v16H4zM9 9v3M15 9v3M10 16h4',
  bulb: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0 0 12 3z',
  clipboard: 'M9 4h6v3H9zM7 5H5v16h14V5h-2M8 12l2 2 5-5',
  siren: 'M7 18v-6a5 5 0 0 1 10 0v6M5 18h14v3H5zM12 3v2M4.2 6.2l1.4 1.4M19.8 6.2l-1.4 1.4',
  building: 'M4 21V5l8-2v18M12 7h8v14M7 8h2M7 12h2M7 16h2M15 11h2M15 15h2M2 21h20',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3zM8.5 12l2.5 2.5 4.5-5',
  zap: 'M13 2L4 14h7l-1 8 9-12h-7l1-8z',
  ev: 'M5 21V5a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v16M3 21h14M15 9h2a2 2 0 0 1 2 2v4a1.5 1.5 0 0 0 3 0V8l-3-3M10 7l-2 4h4l-2 4',
  home: 'M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6',
  phone: 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z',
  whatsapp: 'M4 20l1.3-3.9A8 8 0 1 1 8 19l-4 1zM9 8.5c0 3 2.5 6 6 6.5l1.2-1.5-2-1-1 .8a4.5 4.5 0 0 1-2.1-2.1l.8-1-1-2L9 8.5z',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  pin: 'M12 21s-7-6.1-7-11a7 7 0 0 1 14 0c0 4.9-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  check: 'M5 12.5l4.5 4.5L19 7',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3z',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6L6 18',
  chat: 'M4 5h16v11H9l-5 4V5zM8 9h8M8 12h5',
  social: 'M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8z',
  warning: 'M12 3l10 18H2L12 3zM12 10v5M12 18v.01',
  lightbulb: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0 0 12 3z',
  'arrow-right': 'M5 12h14M13 6l6 6-6 6',
  play: 'M8 5v14l11-7L8 5z',
  directions: 'M12 2l10 10-10 10L2 12 12 2zM9 14v-3h5M12 8.5L14.5 11 12 13.5',
  send: 'M3 11l18-8-8 18-2-8-8-2z',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4',
  lock: 'M6 11h12v10H6zM8.5 11V7.5a3.5 3.5 0 0 1 7 0V11M12 15v2',
  'chevron-down': 'M6 9l6 6 6-6',
  'arrow-up': 'M12 19V5M6 11l6-6 6 6',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  cookie: 'M12 3a9 9 0 1 0 9 9 3 3 0 0 1-3-3 3 3 0 0 1-3-3 3 3 0 0 1-3-3zM8.5 10.5v.01M15 15v.01M10 16v.01M12 12v.01',
  calendar: 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  award: 'M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12zM8.5 14l-1.5 7 5-3 5 3-1.5-7',
};

/** An inline SVG icon. Decorative by default (hidden from screen readers); pass `label` when it carries meaning. */
export function Icon({ name, size = 20, label, className }: { name: AnyIcon; size?: number; label?: string; className?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

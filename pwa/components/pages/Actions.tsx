import { BUSINESS } from '#domain/business.ts';
import { GENERAL_WHATSAPP_GREETING, TEL_HREF, whatsappHref } from '#domain/content/shared.ts';
import { ButtonLink } from '../ui/Button.tsx';

type Tone = 'primary' | 'secondary' | 'light';

/** The phone button of every page; the number is in the label so it is visible before anyone taps. */
export function CallButton({ label = `Call ${BUSINESS.phone}`, variant = 'primary' }: { label?: string; variant?: Tone }) {
  return (
    <ButtonLink href={TEL_HREF} icon="phone" variant={variant}>
      {label}
    </ButtonLink>
  );
}

/** A WhatsApp chat with prefilled text; opens in a new tab, and says so to screen-reader users. */
export function WhatsAppButton({ text = GENERAL_WHATSAPP_GREETING, label }: { text?: string; label: string }) {
  return (
    <ButtonLink href={whatsappHref(text)} newTab icon="whatsapp" variant="whatsapp">
      {label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </ButtonLink>
  );
}

/** The home page's quote form (/#contact), which also works offline (it goes through the outbox). */
export function QuoteFormButton({ label = 'Get Free Quote', variant = 'light' }: { label?: string; variant?: Tone }) {
  return (
    <ButtonLink to="/" hash="contact" icon="arrow-right" variant={variant}>
      {label}
    </ButtonLink>
  );
}

import { useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Toaster as Sonner } from 'sonner';
import { useConsentLift } from '../../lib/consent-lift.ts';
import { markToasterMounted, PHONE_TOASTS, TOAST_MS, useToastPlacement } from '../../lib/toast.ts';
import { useToastLayer } from './toast-layer.ts';
import './toasts.css';


function subscribePhone(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_TOASTS);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * The toaster with the seed's settings (point 9): one toast at a time, 5000 ms each (one with an action button
 * longer, lib/toast.ts), swipe right to dismiss, F8 to jump to the toasts (and hold them while there). Loaded lazily by ToastHost. Top right below the sticky bars from a tablet up;
 * at the bottom on a phone, where a full-width toast at the top covered the very field a form had just scrolled
 * to and focused (and the line that said what was wrong with it). In the admin portal (placeToasts('header')) over
 * the site's header instead, where they cover no working control. While a modal dialog is open they are drawn inside
 * it, above its backdrop, where they can be pressed (toast-layer.ts); on a phone then at the top, over the dialog's
 * heading rather than its buttons at the bottom. Above the cookie banner while it is there.
 */
export default function Toaster() {
  const phone = useSyncExternalStore(subscribePhone, () => window.matchMedia(PHONE_TOASTS).matches, () => false);
  const overHeader = useToastPlacement() === 'header';
  const layer = useToastLayer();
  // Above the cookie question while it shows at the foot of a phone's screen: a toast laid over it hid its buttons.
  const lift = useConsentLift();
  return createPortal(
    <>
      <Sonner
        position={phone ? (overHeader || layer.inDialog ? 'top-center' : 'bottom-center') : 'top-right'}
        className={overHeader ? 'toaster--over-header' : ''}
        visibleToasts={1}
        duration={TOAST_MS}
        swipeDirections={['right']}
        hotkey={['F8']}
        closeButton
        toastOptions={{ classNames: { toast: 'toast', success: 'toast--success', error: 'toast--error', info: 'toast--info', description: 'toast__description', actionButton: 'toast__action', cancelButton: 'toast__action' } }}
        offset={{ top: overHeader ? 6 : 'calc(var(--top-bars-h) + var(--sticky-below) + 12px)', right: 16 }}
        mobileOffset={{ bottom: 12 + (lift ?? 0), left: 12, right: 12, top: overHeader || layer.inDialog ? 4 : 'calc(var(--top-bars-h) + 8px)' }}
        containerAriaLabel="Notifications"
      />
      <Mounted />
    </>,
    layer.element,
  );
}

/** Runs after the toaster's own effect (siblings' effects run in order), i.e. once sonner listens. */
function Mounted() {
  useEffect(() => {
    markToasterMounted();
  }, []);
  return null;
}

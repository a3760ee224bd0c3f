import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { markToasterMounted } from '../../lib/toast.ts';
import './toasts.css';

/**
 * The toaster with the seed's settings (point 9): one toast at a time, 5000 ms each, swipe right to
 * dismiss, F8 to jump to the toasts. Loaded lazily by ToastHost.
 */
export default function Toaster() {
  return (
    <>
      <Sonner
        position="top-right"
        visibleToasts={1}
        duration={5000}
        swipeDirections={['right']}
        hotkey={['F8']}
        closeButton
        toastOptions={{ classNames: { toast: 'toast', success: 'toast--success', error: 'toast--error', info: 'toast--info', description: 'toast__description' } }}
        offset={{ top: 'calc(var(--sticky-h) + var(--sticky-below) + 12px)', right: 16 }}
        mobileOffset={{ top: 'calc(var(--sticky-h) + var(--sticky-below) + 8px)', left: 12, right: 12 }}
        containerAriaLabel="Notifications"
      />
      <Mounted />
    </>
  );
}

/** Runs after the toaster's own effect (siblings' effects run in order), i.e. once sonner listens. */
function Mounted() {
  useEffect(() => {
    markToasterMounted();
  }, []);
  return null;
}

import { lazy, useEffect, useState } from 'react';
import { useToasterWanted } from '../../lib/toast.ts';
import { NotLoaded } from '../ui/NotLoaded.tsx';

const load = () => lazy(() => import('./Toaster.tsx'));

/**
 * Mounts the toaster once the first toast is asked for (see lib/toast.ts), so sonner is not in the first download.
 * Its code may fail to arrive: the signal gone before the first toast, with no service worker to serve it (a first
 * visit, a private window). Then the page carries on without toasts — they wait in lib/toast.ts — and the toaster is
 * fetched again when the browser is back online; uncaught, the failed chunk took the whole page down ("Something
 * went wrong!") over a notice.
 */
export function ToastHost() {
  const wanted = useToasterWanted();
  const [attempt, setAttempt] = useState(() => ({ Toaster: load(), failed: false }));
  useEffect(() => {
    if (!attempt.failed) return;
    const again = () => setAttempt({ Toaster: load(), failed: false });
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [attempt]);
  if (!wanted || attempt.failed) return null;
  const { Toaster } = attempt;
  return (
    <NotLoaded onFailed={() => setAttempt((now) => ({ ...now, failed: true }))}>
      <Toaster />
    </NotLoaded>
  );
}

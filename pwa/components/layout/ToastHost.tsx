import { Suspense, lazy } from 'react';
import { useToasterWanted } from '../../lib/toast.ts';

const Toaster = lazy(() => import('./Toaster.tsx'));

/** Mounts the toaster once the first toast is asked for (see lib/toast.ts), so sonner is not in the first download. */
export function ToastHost() {
  const wanted = useToasterWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

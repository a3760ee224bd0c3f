import { useEffect, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { appLoaded } from '../islands/app-loading.ts';

/** How often an open page asks whether a new version was deployed (a tablet may stay open for days). */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** How long Reload waits for the app's modules this tap began loading (an islands page's first input), at most. */
const LOADING_WAIT_MS = 5_000;
/** How long Reload then waits for the new version to take over the page before it reloads the page anyway. */
const TAKEOVER_WAIT_MS = 3_000;

/**
 * Offers a new app version instead of reloading by itself: a silent reload could drop a half-filled form.
 * Reload tells the waiting service worker to take over (SKIP_WAITING), and the page reloads once it controls
 * the page — also when the new version was found by another tab or by the browser itself.
 */
export function ReloadPrompt() {
  // The register helper only registers the worker (and asks for a new version every hour). Whether one waits, or took
  // over, this page learns from the browser's own registration (useVersionWatch): the helper guesses by its timing
  // whether a version is this page's, and said nothing of one found as this page opened (before it listened), nor of one
  // that took over within 200 ms of installing (Reload pressed at once in another tab): that page ran on under it.
  useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), CHECK_EVERY_MS);
    },
    // Without it, the helper reloads the page by itself when a version it announced takes over (Reload pressed in
    // another tab); useVersionWatch says so instead.
    onNeedReload() {},
  });
  const { waiting, takenOver, dismiss } = useVersionWatch();

  // Taking over and reloading can take a few seconds; the button says so, and a second tap does nothing more.
  const [reloadAsked, setReloadAsked] = useState(false);

  const reload = () => {
    if (reloadAsked) return;
    setReloadAsked(true);
    if (takenOver) return window.location.reload();
    let reloading = false;
    const reloadOnce = () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    };
    // Chromium gives up a waiting worker's activation when the page fetches as it begins, and the worker stays
    // waiting. On an islands page this tap is often the first input, which loads the app's modules just then:
    // the new worker is told to take over once they are in. Should it still not, the page reloads all the same.
    void appLoaded(LOADING_WAIT_MS).then(() => {
      navigator.serviceWorker.addEventListener('controllerchange', reloadOnce, { once: true });
      void navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting?.postMessage({ type: 'SKIP_WAITING' }));
      setTimeout(reloadOnce, TAKEOVER_WAIT_MS);
    });
  };

  return (
    <div className="reload-prompt" role="status" aria-live="polite">
      {waiting || takenOver ? (
        <>
          <p>A new version is available</p>
          <button type="button" className="btn btn--primary btn--small" onClick={reload} disabled={reloadAsked}>
            {reloadAsked ? 'Reloading…' : 'Reload'}
          </button>
          <button type="button" className="btn btn--secondary btn--small" onClick={dismiss}>
            Dismiss
          </button>
        </>
      ) : null}
    </div>
  );
}

/**
 * Whether a new version is installed and waits while this page is under an older one (also one found before this page
 * opened), and whether a new version took over this page from an older one: Reload pressed in another tab. Reloading
 * every such page at once would lose what was typed in them (a job half written, photos picked): the page asks as
 * before, and its Reload reloads at once.
 */
function useVersionWatch(): { waiting: boolean; takenOver: boolean; dismiss: () => void } {
  const [waiting, setWaiting] = useState(false);
  const [takenOver, setTakenOver] = useState(false);
  useEffect(() => {
    const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
    if (!container) return;
    let controlled = container.controller !== null;
    let registration: ServiceWorkerRegistration | undefined;
    let stopped = false;
    const onControllerChange = () => {
      // The first version taking over a page that had none (its first visit) is no change of version.
      if (controlled) setTakenOver(true);
      controlled = container.controller !== null;
    };
    const checkWaiting = () => {
      if (registration?.waiting && container.controller) setWaiting(true);
    };
    const onUpdateFound = () => {
      const worker = registration?.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed') checkWaiting();
      });
    };
    container.addEventListener('controllerchange', onControllerChange);
    void container.ready.then((ready) => {
      if (stopped) return;
      registration = ready;
      ready.addEventListener('updatefound', onUpdateFound);
      onUpdateFound();
      checkWaiting();
    });
    return () => {
      stopped = true;
      container.removeEventListener('controllerchange', onControllerChange);
      registration?.removeEventListener('updatefound', onUpdateFound);
    };
  }, []);
  const dismiss = () => {
    setWaiting(false);
    setTakenOver(false);
  };
  return { waiting, takenOver, dismiss };
}

import { useState } from 'react';
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
 * the page — also when the new version was found by another tab or by the browser itself, for which the
 * register helper would not reload.
 */
export function ReloadPrompt() {
  // The new version took over while this page was open (Reload pressed in another tab): the register helper reloaded
  // every such page at once, and what was typed in them (a job half written, photos picked) was lost. Now this page
  // asks as it did before the other tab's press, and its Reload reloads at once.
  const [takenOver, setTakenOver] = useState(false);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), CHECK_EVERY_MS);
    },
    onNeedReload() {
      setTakenOver(true);
    },
  });

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
      void updateServiceWorker(true);
      setTimeout(reloadOnce, TAKEOVER_WAIT_MS);
    });
  };

  const dismiss = () => {
    setNeedRefresh(false);
    setTakenOver(false);
  };

  return (
    <div className="reload-prompt" role="status" aria-live="polite">
      {needRefresh || takenOver ? (
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

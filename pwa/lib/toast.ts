import { createElement, Fragment, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';

/**
 * The site's toasts (seed points 8 and 9), as a thin wrapper over sonner. Sonner stays out of the first
 * JavaScript a visitor downloads: the first toast mounts the toaster (see ToastHost) and waits until it
 * listens, then shows the message; later toasts go straight through.
 */
export const toast = {
  success: (title: string, description?: string, options?: ToastOptions): Promise<void> => show('success', title, description, options),
  error: (title: string, description?: string, options?: ToastOptions): Promise<void> => show('error', title, description, options),
  info: (title: string, description?: string, options?: ToastOptions): Promise<void> => show('info', title, description, options),
  /** Takes away the toast shown with `once: id`, its news out of date (a sign-in asked for has been made). */
  dismiss: (id: string): void => {
    if (mounted) void mounted.then(() => import('sonner')).then(({ toast: sonner }) => sonner.dismiss(onceShown.get(id)?.id ?? id));
  },
  /** Takes every toast away: at a sign-out, what they said (a customer's name, a job) is not for whoever uses the device next. */
  dismissAll: (): void => {
    if (mounted) void mounted.then(() => import('sonner')).then(({ toast: sonner }) => sonner.dismiss());
  },
};

/**
 * Where a toast shows, and what it lets the user do about its news (e.g. the admin's "Open chat"): one button, or two
 * when the news is of two kinds (`also`: a booking request and a quote request, each opened where it is). Sonner has two
 * button slots; the first of two goes in the one it draws first (its cancel button, styled as an action here). `once`:
 * an id for news that may come again while its toast shows (the same toast stays, not a second one under it).
 */
export type ToastOptions = ToastPlace & { action?: ToastAction; also?: ToastAction; once?: string };

/**
 * A button on the toast that takes the user to what it is about (or takes back what it confirms: Undo); the toast goes
 * once it is pressed. `label` is what
 * the button shows; `more`, when the label alone would be vague out of context ("Open"), goes on after it for a
 * screen reader ("Open Ada Arrives’s booking request"). Keyboard users reach it with F8 (the toaster's hotkey), which
 * also holds the toast while they are in it.
 */
export type ToastAction = { label: string; more?: string; onClick: () => void };

/** How long a toast with an action stays: time to read it and reach for its button (others stay the seed's 5 s). */
export const ACTION_TOAST_MS = 8000;

/**
 * `top`: on a phone, where toasts come up from the bottom, this one shows at the top instead — for a screen whose
 * own input is at the bottom (a chat's message box). From a tablet up every toast is top right anyway.
 */
export type ToastPlace = { top?: boolean };

/**
 * Where the toasts go. 'page': top right below the sticky bars from a tablet up, at the bottom on a phone. 'header':
 * over the site's own header (the business's logo, phone and menu), on every screen size — for the admin portal,
 * where everything below that header is a working control (the tabs, a screen's Back button, a form, a chat's box).
 */
export type ToastPlacement = 'page' | 'header';

/** Called by a screen while it is shown (and set back to 'page' when it goes). */
export function placeToasts(place: ToastPlacement): void {
  if (placement === place) return;
  placement = place;
  for (const listener of listeners) listener();
}

/** Where the toasts go now; read by the toaster. */
export function useToastPlacement(): ToastPlacement {
  return useSyncExternalStore(subscribe, () => placement, () => 'page');
}

/** Starts loading the toaster early (e.g. when a form gets focus) so the first toast appears at once. */
export function warmToaster(): void {
  void ready();
}

/** Whether the toaster should be on the page; read by ToastHost. False on the server and before any toast. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted, () => false);
}

/** Called by the toaster once it is subscribed to sonner, so no toast is published before anyone listens. */
export function markToasterMounted(): void {
  resolveMounted?.();
}

type Kind = 'success' | 'error' | 'info';

let wanted = false;
let placement: ToastPlacement = 'page';
let mounted: Promise<void> | null = null;
let resolveMounted: (() => void) | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function ready(): Promise<void> {
  if (!mounted) {
    mounted = new Promise<void>((resolve) => {
      resolveMounted = resolve;
    });
    wanted = true;
    for (const listener of listeners) listener();
  }
  return mounted;
}

async function show(kind: Kind, title: string, description?: string, options?: ToastOptions): Promise<void> {
  const seq = ++shownSeq;
  await ready();
  const { toast: sonner } = await import('sonner');
  const top = options?.top === true && placement === 'page' && window.matchMedia(PHONE_TOASTS).matches;
  const action = options?.action;
  const also = action ? options?.also : undefined;
  const button = (one: ToastAction) => ({ label: actionLabel(one), onClick: () => act(one) });
  const once = options?.once ? onceId(options.once, action ? ACTION_TOAST_MS : TOAST_MS, seq) : null;
  // Shown anew in front: the toast it replaces (behind another, or leaving) goes, so the news is on screen once.
  if (once?.replaces) sonner.dismiss(once.replaces);
  sonner[kind](title, {
    ...(description ? { description } : {}),
    ...(top ? { position: 'top-center' as const } : {}),
    ...(action ? { duration: ACTION_TOAST_MS } : {}),
    // The same news again while its toast still shows: that toast stays, once (sonner replaces a toast by its id).
    ...(once ? { id: once.id } : {}),
    ...(action && also ? { cancel: button(action), action: button(also) } : action ? { action: button(action) } : {}),
  });
}

/** How long a toast shows (Toaster.tsx's `duration`). */
export const TOAST_MS = 5_000;

/** Toasts asked for so far, in order (a `once` toast is the one showing only while none came after it). */
let shownSeq = 0;

/**
 * The id of a `once` toast, and when it was shown anew. Shown again as it leaves (the same check failed twice, seconds
 * apart), sonner merged the news into the toast on its way out, and it vanished with it: near its end, it is a new one.
 * So it is when another toast came in between (one shows at a time: the first was behind it, or gone, and the news
 * merged into it was not seen: "Missing Information" on the sign-up form behind "Password Mismatch"). The toast a new
 * one `replaces` is dismissed, so the news is still on the page once ("Please sign in again" from the outbox and from
 * the dashboard, with another toast between them).
 */
const onceShown = new Map<string, { id: string; at: number; seq: number }>();
function onceId(once: string, duration: number, seq: number): { id: string; replaces: string | null } {
  const now = Date.now();
  const last = onceShown.get(once);
  if (last && last.seq === seq - 1 && now - last.at < duration - 1_000) {
    last.seq = seq;
    return { id: last.id, replaces: null };
  }
  const id = last ? `${once}~${now}` : once;
  onceShown.set(once, { id, at: now, seq });
  return { id, replaces: last ? last.id : null };
}

function actionLabel(action: ToastAction): ReactNode {
  if (!action.more) return action.label;
  return createElement(Fragment, null, action.label, createElement('span', { className: 'visually-hidden' }, ` ${action.more}`));
}

/**
 * Runs an action. The focus leaves the toasts first: sonner gives it back to where it was before them (it does so
 * whenever the focus leaves them), and the screen the action opens can then take it (a chat's heading) without
 * sonner taking it back a moment later.
 */
function act(action: ToastAction): void {
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && focused.closest('[data-sonner-toaster]')) focused.blur();
  action.onClick();
}

/** Below this width toasts come up from the bottom (layout/Toaster.tsx, sonner's own phone layout). */
export const PHONE_TOASTS = '(max-width: 600px)';

import { useEffect } from 'react';

/**
 * Links another web app manifest while a screen is open (the admin portal's, /admin.webmanifest): installed from there,
 * the app opens on that screen. The page's own manifest comes back when the screen goes.
 */
export function useAppManifest(href: string): void {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const before = link?.getAttribute('href') ?? null;
    if (!link || before === null) return undefined;
    link.setAttribute('href', href);
    return () => link.setAttribute('href', before);
  }, [href]);
}

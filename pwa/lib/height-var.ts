/**
 * Keeps the CSS custom property `name` (on the root element) at `element`'s height while it is shown, so what sticks
 * below it, the toasts and the scrolling to a focused field stay clear of it (styles.css reads `--outbox-h` and
 * `--sticky-below`); the property goes once the returned function is called.
 */
export function followHeight(element: HTMLElement, name: `--${string}`): () => void {
  const root = document.documentElement;
  const set = (): void => root.style.setProperty(name, `${element.getBoundingClientRect().height}px`);
  set();
  const observer = new ResizeObserver(set);
  observer.observe(element);
  return () => {
    observer.disconnect();
    root.style.removeProperty(name);
  };
}

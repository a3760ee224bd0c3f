/**
 * Print (docs/decisions/032-printing.md): installed as an app, the site opens with no browser menu, so on a phone or a
 * tablet there was no other way to print. `what` finishes its name for a screen reader ("Print your quotes"). Paper
 * leaves it out, as every button.
 */
export function PrintButton({ what, className = 'btn btn--secondary btn--small' }: { what: string; className?: string }) {
  return (
    <button type="button" className={className} onClick={() => window.print()}>
      Print<span className="visually-hidden"> {what}</span>
    </button>
  );
}

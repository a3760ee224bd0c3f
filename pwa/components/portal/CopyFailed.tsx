/** A list the device's copy could not bring (copy-state.ts 'failed'): what could not be loaded, and Retry. */
export function CopyFailed({ words, onRetry }: { words: string; onRetry: () => void }) {
  return (
    <div className="portal-alert" role="alert">
      <p>{words}</p>
      <button type="button" className="btn btn--secondary btn--small" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

import type { Point } from '#domain/content/shared.ts';
import './pages.css';

/** Numbered steps of how a job runs (the shared four-step process, or a landing page's own steps). */
export function ProcessSteps({ steps }: { steps: readonly Point[] }) {
  return (
    <ol className="pg-steps">
      {steps.map((step, index) => (
        <li key={step.title} className="pg-steps__item">
          <span className="pg-steps__num" aria-hidden="true">
            {index + 1}
          </span>
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

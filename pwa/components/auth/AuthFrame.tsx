import type { ReactNode, Ref } from 'react';
import '../home/forms.css';
import './auth.css';

/**
 * The frame of the sign-in, sign-up and reset screens: one narrow card under the site header, its heading the
 * page's h1 (focusable, so a mode or step change can move focus to it), with an optional lead and links below.
 */
export function AuthFrame({
  title,
  lead,
  headingRef,
  above,
  footer,
  children,
}: {
  title: string;
  lead?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  above?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="auth-page">
      <div className="container auth-page__inner">
        {above}
        <section className="card auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title" ref={headingRef} tabIndex={-1}>
            {title}
          </h1>
          {lead ? <p className="auth-card__lead">{lead}</p> : null}
          {children}
          {footer ? <div className="auth-card__footer">{footer}</div> : null}
        </section>
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import './MessagePage.css';

/** The layout of not-found, error and notice pages: a title, text and actions, centred. */
export function MessagePage({
  title,
  children,
  actions,
  testId,
}: {
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <section className="message-page" data-testid={testId}>
      <h1 className="message-page__title">{title}</h1>
      {children ? <div className="message-page__body">{children}</div> : null}
      {actions ? <div className="message-page__actions">{actions}</div> : null}
    </section>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';
import './result.css';

/** The tone of the icon: a green tick, a red mark, or none. */
export type ResultTone = 'approved' | 'declined' | 'pending' | 'refunded' | 'waiting_payment';

interface ResultScreenProps {
  /** Also the id its heading gets: the section is labelled by it. */
  headingId: string;
  title: ReactNode;
  tone?: ResultTone | undefined;
  /** A symbol shown above the title (`✓`, `!`, `?`); decorative, hidden from screen readers. */
  icon?: string | undefined;
  /** A page of its own has the h1; within the checkout page a result is an h2. */
  level?: 'h1' | 'h2';
  /** The heading takes focus on mount and whenever this changes: a new screen for keyboard users. */
  focusKey?: string;
  /** More classes for the section (`three-ds`, `card-panel`…). */
  className?: string | undefined;
  children?: ReactNode;
}

/**
 * The one frame of every screen that tells the shopper where a payment stands — card result, PIX paid or
 * expired, unknown outcome, 3DS redirect and return, card saved: a labelled section, an optional icon,
 * a focusable heading that receives focus when the screen changes, then the screen's own content.
 */
export function ResultScreen({
  headingId,
  title,
  tone,
  icon,
  level = 'h2',
  focusKey = '',
  className,
  children,
}: ResultScreenProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [focusKey]);
  const Heading = level;
  const classes = ['result', tone === undefined ? '' : `result--${tone}`, className ?? '']
    .filter((name) => name !== '')
    .join(' ');
  return (
    <section className={classes} aria-labelledby={headingId}>
      {icon === undefined ? null : (
        <div className="result__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

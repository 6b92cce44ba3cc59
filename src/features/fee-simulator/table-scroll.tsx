import type { ReactNode } from 'react';

/**
 * On a phone a wide table scrolls sideways; the scroll box is focusable and named by the table's caption
 * so keyboard users can scroll it too (WCAG 2.1.1).
 */
export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div
      className="table-scroll"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-labelledby={labelledBy}
    >
      {children}
    </div>
  );
}

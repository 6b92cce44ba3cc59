import type { ReactNode, Ref } from 'react';

/**
 * Always rendered so screen readers have the live region before its message arrives; a region that
 * appears together with its text is often not announced.
 */
export function Alert({ children, ref }: { children?: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} role="alert" className={children ? 'alert' : 'alert alert--empty'} tabIndex={-1}>
      {children}
    </div>
  );
}

import { useEffect, type RefObject } from 'react';

/**
 * Reports the content's height whenever it changes (errors appearing, a result replacing the form),
 * so the host can size the iframe and the shopper never meets a scroll bar inside it. The content box
 * is measured rather than the document, whose height never drops below the iframe's own.
 */
export function useAutoResize(target: RefObject<HTMLElement | null>, report: (height: number) => void): void {
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let last = -1;
    const measure = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      report(height);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, [target, report]);
}

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultScreen } from './result-screen.tsx';

afterEach(cleanup);

describe('ResultScreen', () => {
  it('is a section named by its heading, with a decorative icon and the content after the heading', () => {
    render(
      <ResultScreen headingId="h" title="Payment approved" tone="approved" icon="✓" className="extra">
        <p>R$ 150,90</p>
      </ResultScreen>,
    );
    const section = screen.getByRole('region', { name: 'Payment approved' });
    expect(section.className).toBe('result result--approved extra');
    expect(screen.getByRole('heading', { level: 2, name: 'Payment approved' })).toHaveProperty('id', 'h');
    expect(section.querySelector('.result__icon')?.getAttribute('aria-hidden')).toBe('true');
    expect(section.textContent).toBe('✓Payment approvedR$ 150,90');
  });

  it('moves focus to its heading when shown and when the screen changes, not on every render', () => {
    const { rerender } = render(<ResultScreen headingId="h" title="Checking" level="h1" focusKey="a" />);
    const heading = screen.getByRole('heading', { level: 1, name: 'Checking' });
    expect(document.activeElement).toBe(heading);

    heading.blur();
    rerender(<ResultScreen headingId="h" title="Still checking" level="h1" focusKey="a" />);
    expect(document.activeElement).not.toBe(heading);

    rerender(<ResultScreen headingId="h" title="Approved" level="h1" focusKey="b" />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Approved' }));
  });
});

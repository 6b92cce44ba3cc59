import { useQuery } from '@tanstack/react-query';
import { ConsoleLink } from '../common/console-link.tsx';
import { linkAmountText } from './link-amount.ts';
import { LinkQueryState } from './link-query-state.tsx';
import { linkQuery } from './api.ts';
import { useLinksWords } from './links-messages.ts';
import '../common/page-parts.css';
import './links.css';

/**
 * A link's QR code to print: title, amount, the code (the server's SVG, shown as an image: no markup of
 * ours is injected) and the address under it. Printing hides the console around it (console.css).
 */
export function LinkPrintPage({ id }: { id: string }) {
  const { w, locale } = useLinksWords();
  const link = useQuery(linkQuery(id));
  if (!link.isSuccess) return <LinkQueryState link={link} />;
  const data = link.data;
  return (
    <>
      <p className="no-print">
        <ConsoleLink href="/console/links">{w.backToLinks}</ConsoleLink>
      </p>
      <h1 tabIndex={-1} className="visually-hidden">
        {w.printTitle(data.title)}
      </h1>
      <div className="no-print actions">
        <button type="button" className="button primary" onClick={() => window.print()}>
          {w.printButton}
        </button>
      </div>
      <article className="qr-sheet">
        <p className="qr-title">{data.title}</p>
        <p className="qr-amount">{linkAmountText(data, locale, w)}</p>
        <img
          className="qr-code"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(data.qr_code)}`}
          alt={w.qrAlt(data.url)}
          width={256}
          height={256}
        />
        <p>{w.printHint}</p>
        <p className="qr-url">{data.url}</p>
      </article>
    </>
  );
}

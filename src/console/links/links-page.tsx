import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { roleMay, type ConsoleMe } from '../../../contract/console/console-auth.ts';
import type { ConsoleLink as Link } from '../../../contract/console/console-links.ts';
import {
  PAYMENT_LINK_STATUSES,
  type PaymentLinkStatus,
} from '../../../contract/payment-links/payment-link.ts';
import { formatCents, formatDateTime } from '../common/console-format.ts';
import { ConsoleLink } from '../common/console-link.tsx';
import { CursorPager } from '../common/cursor-pager.tsx';
import { linkAmountText } from './link-amount.ts';
import { LinkForm } from './link-form.tsx';
import { linksQuery } from './api.ts';
import { copyText, DeactivateDialog } from './link-actions.tsx';
import { RoleButton } from '../common/role-button.tsx';
import { useLinksWords } from './links-messages.ts';
import type { Column } from '../common/data-table.tsx';
import { ListPage, listStateOf } from '../common/list-page.tsx';
import { StatusFilter } from '../common/status-filter.tsx';
import '../common/page-parts.css';
import './links.css';

/**
 * Payment links: the list (status, amount, uses, created) by cursor, a create form with the shopper's page
 * previewed, copy (announced), the QR code to print and deactivate (confirmed). Viewers read only: the
 * buttons say so; the server refuses anyway.
 */
export function LinksPage({ me }: { me: ConsoleMe }) {
  const { w, locale } = useLinksWords();
  const mayOperate = roleMay(me.user.role, 'operate');
  const [status, setStatus] = useState<PaymentLinkStatus | ''>('');
  const [cursors, setCursors] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  const [deactivating, setDeactivating] = useState<Link | null>(null);
  const [message, setMessage] = useState('');
  const newButton = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const cursor = cursors.at(-1);
  const list = useQuery({
    ...linksQuery(status, cursor),
    placeholderData: keepPreviousData,
  });
  const announce = (text: string) => {
    // Emptied first: the same words twice are announced twice.
    setMessage('');
    window.setTimeout(() => setMessage(text), 50);
  };
  const columns: Column<Link>[] = [
    {
      header: w.colTitle,
      cell: (link) => (
        <div>
          <ConsoleLink
            href={`/console/links/${encodeURIComponent(link.id)}`}
            aria-label={w.openLink(link.title)}
          >
            <strong>{link.title}</strong>
          </ConsoleLink>
          <span className="muted block url">{link.url}</span>
        </div>
      ),
    },
    {
      header: w.colStatus,
      cell: (link) => <span className={`badge link-${link.status}`}>{w.linkStatus(link.status)}</span>,
    },
    { header: w.colAmount, align: 'number', cell: (link) => linkAmountText(link, locale, w) },
    { header: w.colUses, align: 'number', cell: (link) => w.uses(link.payments_count, link.max_payments) },
    { header: w.colCollected, align: 'number', cell: (link) => formatCents(link.amount_collected, locale) },
    { header: w.colCreated, cell: (link) => formatDateTime(link.created_at, locale) },
    {
      header: w.colActions,
      cell: (link) => (
        <div className="row-actions">
          <button
            type="button"
            className="button"
            aria-label={w.copyLinkOf(link.title)}
            onClick={() => {
              void copyText(link.url).then((ok) =>
                announce(ok ? w.copied(link.title) : w.copyFailed(link.url)),
              );
            }}
          >
            {w.copyLink}
          </button>
          <ConsoleLink
            className="button"
            href={`/console/links/${encodeURIComponent(link.id)}/print`}
            aria-label={w.qrCodeOf(link.title)}
          >
            {w.qrCode}
          </ConsoleLink>
          {link.active ? (
            <RoleButton
              allowed={mayOperate}
              label={w.deactivate}
              name={w.deactivateOf(link.title)}
              onClick={() => {
                openerRef.current =
                  document.activeElement instanceof HTMLElement ? document.activeElement : null;
                setDeactivating(link);
              }}
            />
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <>
      <h1 tabIndex={-1}>{w.linksTitle}</h1>
      <p className="muted">{w.linksIntro}</p>
      <div role="status" aria-live="polite" className={message ? 'notice' : 'visually-hidden'}>
        {message}
      </div>
      {creating ? (
        <LinkForm
          onDone={(link) => {
            setCreating(false);
            if (link) {
              setStatus('');
              setCursors([]);
              announce(w.linkCreated(link.title));
            }
            newButton.current?.querySelector('button')?.focus();
          }}
        />
      ) : null}
      <div className="toolbar">
        <StatusFilter
          label={w.statusFilter}
          anyLabel={w.anyStatus}
          statuses={PAYMENT_LINK_STATUSES}
          nameOf={w.linkStatus}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setCursors([]);
          }}
        />
        {creating ? null : (
          <div ref={newButton}>
            <RoleButton allowed={mayOperate} primary label={w.newLink} onClick={() => setCreating(true)} />
          </div>
        )}
      </div>
      {deactivating ? (
        <DeactivateDialog
          link={deactivating}
          onClose={(done) => {
            setDeactivating(null);
            if (done) announce(done);
            openerRef.current?.focus();
          }}
        />
      ) : null}
      <ListPage
        {...listStateOf(list)}
        empty={<p className="empty">{status ? w.noLinksFiltered : w.noLinks}</p>}
        table={{
          caption: `${w.linksTitle} · ${w.pageOf(cursors.length + 1)}`,
          columns,
          rowKey: (link) => link.id,
          className: 'payments links',
          busy: list.isFetching,
        }}
        footer={
          <CursorPager
            cursors={cursors}
            onChange={setCursors}
            nextCursor={list.data?.next_cursor}
            words={w}
          />
        }
      />
    </>
  );
}

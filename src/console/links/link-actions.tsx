import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import type { ConsoleLink as Link } from '../../../contract/console/console-links.ts';
import { ConsoleApiError } from '../common/console-api.ts';
import { QUERY_ROOTS } from '../common/query-keys.ts';
import { deactivateLink, linkKeys } from './api.ts';
import { useLinksWords } from './links-messages.ts';

/* What the links list and a link's page share: a button a role may not use, deactivate (confirmed), copy. */

/** A button the role does not allow: focusable, says why beside it (decision 240). */
export function RoleButton({
  allowed,
  label,
  name,
  onClick,
  primary = false,
}: {
  allowed: boolean;
  label: string;
  name?: string;
  onClick: () => void;
  primary?: boolean;
}) {
  const { w } = useLinksWords();
  const reasonId = useId();
  return (
    <span className="action">
      <button
        type="button"
        className={primary ? 'button primary' : 'button'}
        aria-label={name}
        aria-disabled={allowed ? undefined : true}
        aria-describedby={allowed ? undefined : reasonId}
        onClick={() => {
          if (allowed) onClick();
        }}
      >
        {label}
      </button>
      {allowed ? null : (
        <span className="hint" id={reasonId}>
          {w.reasonRole}
        </span>
      )}
    </span>
  );
}

export function DeactivateDialog({ link, onClose }: { link: Link; onClose: (message?: string) => void }) {
  const { w } = useLinksWords();
  const queryClient = useQueryClient();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const mutation = useMutation({
    mutationFn: () => deactivateLink(link.id),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.links }),
        queryClient.invalidateQueries({ queryKey: linkKeys.detail(link.id) }),
      ]);
      onClose(w.deactivated(link.title));
    },
  });
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!mutation.isPending) onClose();
      }}
    >
      <h2 id={titleId}>{w.deactivateTitle}</h2>
      <p id={bodyId}>{w.deactivateBody(link.title)}</p>
      {mutation.isError ? (
        <p role="alert" className="alert">
          {mutation.error instanceof ConsoleApiError && mutation.error.type !== 'network'
            ? mutation.error.message
            : w.errorNetwork}
        </p>
      ) : null}
      <div className="actions">
        <button
          type="button"
          className="button primary"
          disabled={mutation.isPending}
          onClick={() => mutation.mutate()}
        >
          {mutation.isPending ? w.sending : w.deactivateConfirm}
        </button>
        <button type="button" className="button" disabled={mutation.isPending} onClick={() => onClose()}>
          {w.cancel}
        </button>
      </div>
    </dialog>
  );
}

export async function copyText(text: string): Promise<boolean> {
  try {
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) return false;
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

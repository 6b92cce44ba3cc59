import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleLink as Link } from '../../../contract/console/console-links.ts';
import { ConfirmDialog } from '../common/confirm-dialog.tsx';
import { QUERY_ROOTS } from '../common/query-keys.ts';
import { deactivateLink, linkKeys } from './api.ts';
import { useLinksWords } from './links-messages.ts';

/* What the links list and a link's page share: deactivate (confirmed), copy. */

export function DeactivateDialog({ link, onClose }: { link: Link; onClose: (message?: string) => void }) {
  const { w } = useLinksWords();
  const queryClient = useQueryClient();
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
  return (
    <ConfirmDialog
      title={w.deactivateTitle}
      confirmLabel={w.deactivateConfirm}
      pending={mutation.isPending}
      error={mutation.isError ? mutation.error : null}
      onConfirm={() => mutation.mutate()}
      onClose={() => onClose()}
    >
      <p>{w.deactivateBody(link.title)}</p>
    </ConfirmDialog>
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

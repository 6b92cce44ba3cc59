import { request } from 'undici';
import type { Transaction } from '../../contract/gateway/transaction.ts';
import { onTransactionChange } from '../../mock-core/gateway.ts';
import { signatureHeader } from '../events/sign.ts';

/** Knobs to see every failure by hand (`POST /__mock-gateway/control/webhooks`). */
export interface MockWebhookSettings {
  /** Send nothing (lost webhooks: reconciliation must still finish every payment). */
  drop: boolean;
  delayMs: number;
  /** Send each webhook twice. */
  duplicate: boolean;
  /** Hold each webhook until the next one and send them swapped. */
  reorder: boolean;
}

/** One webhook the mock meant to send, for the control page: what happened to it. */
export interface WebhookRecord {
  at: string;
  transactionId: number;
  status: string;
  /** `dropped`, `held` (reorder: waits for the next one), `sent`, `failed: …`; `×2` when duplicated. */
  fate: string;
}

const RECENT_MAX = 20;

export type WebhookSend = (url: string, body: string, headers: Record<string, string>) => Promise<void>;

export interface MockWebhooks {
  settings: MockWebhookSettings;
  /** The latest webhooks, newest first (at most 20). */
  recent: WebhookRecord[];
  /** Resolves when everything sent so far has been answered (tests). */
  flush(): Promise<void>;
  dispose(): void;
}

export const MOCK_WEBHOOK_SIGNATURE_HEADER = 'X-Gateway-Signature';

async function postWebhook(url: string, body: string, headers: Record<string, string>): Promise<void> {
  const response = await request(url, {
    method: 'POST',
    body,
    headers,
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  await response.body.dump();
}

/**
 * The mock gateway's webhooks: on every change of a transaction, `POST {url}` with
 * `{"type":"transaction.updated","data":{"id":…,"status":…}}`, signed like our own events when a secret
 * is set. The status is there because real gateways send one — the server must not believe it.
 */
export function createMockWebhooks(options: {
  url: string;
  secret?: string;
  send?: WebhookSend;
  onError?: (error: unknown) => void;
}): MockWebhooks {
  const settings: MockWebhookSettings = { drop: false, delayMs: 0, duplicate: false, reorder: false };
  const send = options.send ?? postWebhook;
  const inFlight = new Set<Promise<void>>();
  let held: (() => void) | undefined;
  const recent: WebhookRecord[] = [];
  const note = (transaction: Transaction, fate: string): WebhookRecord => {
    const record = {
      at: new Date().toISOString(),
      transactionId: transaction.id,
      status: transaction.status,
      fate,
    };
    recent.unshift(record);
    recent.length = Math.min(recent.length, RECENT_MAX);
    return record;
  };

  const track = (work: Promise<void>) => {
    const tracked = work
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  const deliver = (transaction: Transaction) => {
    const body = JSON.stringify({
      type: 'transaction.updated',
      data: { id: transaction.id, status: transaction.status },
    });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.secret) {
      headers[MOCK_WEBHOOK_SIGNATURE_HEADER.toLowerCase()] = signatureHeader(
        options.secret,
        body,
        Math.floor(Date.now() / 1000),
      );
    }
    const record = note(transaction, settings.reorder ? 'held' : 'queued');
    const once = () =>
      track(
        new Promise<void>((resolve) => setTimeout(resolve, settings.delayMs))
          .then(() => send(options.url, body, headers))
          .then(
            () => {
              record.fate = settings.duplicate ? 'sent ×2' : 'sent';
            },
            (error: unknown) => {
              record.fate = `failed: ${error instanceof Error ? error.message : String(error)}`;
              throw error;
            },
          ),
      );
    return () => {
      once();
      if (settings.duplicate) once();
    };
  };

  const unsubscribe = onTransactionChange((transaction) => {
    if (settings.drop) {
      note(transaction, 'dropped');
      return;
    }
    const fire = deliver(transaction);
    if (!settings.reorder) {
      fire();
      return;
    }
    if (held) {
      const previous = held;
      held = undefined;
      fire();
      previous();
    } else {
      held = fire;
    }
  });

  return {
    settings,
    recent,
    flush: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    dispose: unsubscribe,
  };
}

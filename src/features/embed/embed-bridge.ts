import { EMBED_PROTOCOL_VERSION, EMBED_SOURCE } from '../../../contract/embed-protocol.ts';
import { appMessageSchema, hostMessageSchema, type AppEvent, type HostMessage } from './embed-messages.ts';
import type { EmbedContext } from './embed-context.ts';

export interface EmbedBridge {
  send: (event: AppEvent) => void;
  /**
   * Subscribes to the host's messages that pass every check; returns the unsubscribe. `onInvalid`
   * hears of a message that really came from our host but has a shape we cannot accept.
   */
  listen: (handler: (message: HostMessage) => void, onInvalid?: () => void) => () => void;
}

interface BridgeWindow {
  parent: Pick<Window, 'postMessage'>;
  addEventListener: (type: 'message', listener: (event: MessageEvent) => void) => void;
  removeEventListener: (type: 'message', listener: (event: MessageEvent) => void) => void;
}

/**
 * The iframe's side of the conversation. Outgoing messages name the host's exact origin (never '*');
 * incoming ones must come from the parent window, from that origin, for this instance, in a known shape.
 */
export function createEmbedBridge(context: EmbedContext, win: BridgeWindow = window): EmbedBridge {
  const envelope = { source: EMBED_SOURCE, version: EMBED_PROTOCOL_VERSION, instance: context.instance };
  return {
    send(event) {
      // Parsed on the way out too: zod objects drop any key the protocol does not name, so nothing
      // but id and status (never card data) can ride along with an event.
      const message = appMessageSchema.safeParse({ ...envelope, ...event });
      if (message.success) win.parent.postMessage(message.data, context.hostOrigin);
    },
    listen(handler, onInvalid) {
      const onMessage = (event: MessageEvent) => {
        if (event.origin !== context.hostOrigin || event.source !== win.parent) return;
        // Other scripts of the host page may talk to us too: only our envelope for this instance counts.
        if (!isForInstance(event.data, context.instance)) return;
        const parsed = hostMessageSchema.safeParse(event.data);
        if (parsed.success) handler(parsed.data);
        else onInvalid?.();
      };
      win.addEventListener('message', onMessage);
      return () => win.removeEventListener('message', onMessage);
    },
  };
}

function isForInstance(data: unknown, instance: string): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const { source, instance: target } = data as { source?: unknown; instance?: unknown };
  return source === EMBED_SOURCE && target === instance;
}

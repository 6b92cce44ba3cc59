import type { Transaction } from '../contract/gateway/transaction.ts';
import type { CardScenario } from './scenarios.ts';

/**
 * The mock's state lives in a key-value store: localStorage in the browser, so it survives full-page
 * navigations (the 3DS redirect), and memory in Node.
 * It never holds card numbers or CVVs: transactions keep only first/last digits, as the gateway does.
 */
export interface StoredTransaction {
  transaction: Transaction;
  /** Epoch ms at which a `processing` transaction turns `paid`. */
  settleAt?: number;
  /** Opaque token of the 3DS challenge page. */
  challengeToken?: string;
  challengeOutcome?: 'authorized' | 'refused';
  /** Where the challenge page sends the shopper (the request's urlSuccess/urlFail). */
  threeDSecureReturn?: { success: string; fail: string };
  /** Epoch ms at which a PIX code expires. */
  expiresAt?: number;
  /** Epoch ms at which a `pending_refund` (PIX) becomes `refunded`. */
  refundSettleAt?: number;
  /** What `GET /v1/transactions/{id}/history` answers: one entry per change, oldest first. */
  history?: { status: string; amount: number; action: string; created_at: string }[];
}

/**
 * A card the mock keeps (from `POST /v1/cards` or a card transaction), by its `card_id`: what the gateway
 * returns about it, and the test card's scenario — never the number, so a payment by `card_id` behaves
 * as the test card it was saved from.
 */
export interface StoredCard {
  scenario: CardScenario;
  brand: string;
  firstDigits: string;
  lastDigits: string;
  holderName: string;
  createdAt: string;
}

export interface MockState {
  nextId: number;
  transactions: Record<string, StoredTransaction>;
  cards: Record<string, StoredCard>;
}

export interface MockSettings {
  /** Added to every answer, in ms. */
  latencyMs: number;
  /** How long a PIX code stays valid, in minutes. */
  pixExpiryMinutes: number;
  /**
   * How far the shopper's device clock runs ahead of the gateway's, in minutes (negative: behind).
   * The mock runs on the device, so it is the gateway's clock that moves: it reads the device clock
   * minus this, for its Date header, its timestamps and PIX expiry.
   */
  deviceClockAheadMinutes: number;
  /**
   * Days the gateway's calendar is moved forward (designer panel, the control page's "Move time forward"): card
   * installments fall due and are paid out on it (docs/decisions/322-mock-receivables-and-time-forward.md).
   */
  gatewayDaysAhead: number;
}

const STATE_KEY = 'mock-gateway:state';
const SETTINGS_KEY = 'mock-gateway:settings';
export const DEFAULT_SETTINGS: MockSettings = {
  latencyMs: 600,
  pixExpiryMinutes: 30,
  deviceClockAheadMinutes: 0,
  gatewayDaysAhead: 0,
};

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Memory keeps the objects themselves. Parsing and writing the whole state as JSON on every call, as a
 * string store must, made each request cost O(all transactions): the server's mock slowed from 3 ms to
 * 37 ms a payment after 3,000 of them. Callers mutate a loaded state only right before saving it.
 */
interface MemoryStorage extends KeyValueStorage {
  objects: Map<string, unknown>;
}

function memoryStorage(): MemoryStorage {
  const objects = new Map<string, unknown>();
  return {
    objects,
    getItem: (key) => (objects.has(key) ? JSON.stringify(objects.get(key)) : null),
    setItem: (key, value) => void objects.set(key, JSON.parse(value)),
    removeItem: (key) => void objects.delete(key),
  };
}

function isMemoryStorage(candidate: KeyValueStorage): candidate is MemoryStorage {
  return 'objects' in candidate;
}

// Memory until a transport says otherwise: the core runs in Node (the server's mock gateway) and in the
// browser (MSW), and a cross-site frame with third-party storage blocked throws on any localStorage access.
let storage: KeyValueStorage = memoryStorage();

/** The browser's transport keeps the state in localStorage so it survives the 3DS redirect. */
export function setMockStorage(next: KeyValueStorage): void {
  storage = next;
}

/** A fresh, empty in-memory store (tests; the server's mock gateway). */
export function resetMockStorage(): void {
  storage = memoryStorage();
}

function read<T>(key: string, fallback: T): T {
  if (isMemoryStorage(storage)) {
    const value = storage.objects.get(key);
    return value === undefined ? fallback : { ...fallback, ...(value as Partial<T>) };
  }
  const raw = storage.getItem(key);
  if (!raw) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(raw) as Partial<T>) };
  } catch {
    return fallback;
  }
}

export function loadState(): MockState {
  return read<MockState>(STATE_KEY, { nextId: 1001, transactions: {}, cards: {} });
}

/**
 * The server's mock forgets its transactions on restart while the checkout's database keeps theirs ids:
 * numbering on from the highest id the checkout knows keeps a new transaction from reusing an old id.
 */
export function numberTransactionsAfter(lastKnownId: number): void {
  const state = loadState();
  if (state.nextId <= lastKnownId) saveState({ ...state, nextId: lastKnownId + 1 });
}

export function saveState(state: MockState): void {
  if (isMemoryStorage(storage)) storage.objects.set(STATE_KEY, state);
  else storage.setItem(STATE_KEY, JSON.stringify(state));
}

export function loadSettings(): MockSettings {
  return read<MockSettings>(SETTINGS_KEY, DEFAULT_SETTINGS);
}

/** The longest move of the mock's calendar: past a 12x sale's last installment. */
export const MAX_GATEWAY_DAYS_AHEAD = 400;

/**
 * The mock gateway's clock: the device's, minus the skew a designer or test asked for, plus the days its
 * calendar was moved forward.
 */
export function mockGatewayNow(): number {
  const settings = loadSettings();
  const ahead = settings.deviceClockAheadMinutes;
  const days = settings.gatewayDaysAhead;
  return (
    Date.now() -
    (Number.isFinite(ahead) ? ahead : 0) * 60_000 +
    (Number.isFinite(days) ? Math.min(MAX_GATEWAY_DAYS_AHEAD, Math.max(0, days)) : 0) * 86_400_000
  );
}

/** Moves the mock's calendar `days` forward (0 and below: back to today). Answers the days it is now ahead. */
export function moveGatewayTime(days: number): number {
  const settings = loadSettings();
  const next =
    days <= 0
      ? 0
      : Math.min(MAX_GATEWAY_DAYS_AHEAD, Math.max(0, settings.gatewayDaysAhead || 0) + Math.trunc(days));
  saveSettings({ ...settings, gatewayDaysAhead: next });
  return next;
}

export function saveSettings(settings: MockSettings): void {
  if (isMemoryStorage(storage)) storage.objects.set(SETTINGS_KEY, settings);
  else storage.setItem(SETTINGS_KEY, JSON.stringify(settings));
}

export function resetMock(): void {
  storage.removeItem(STATE_KEY);
}

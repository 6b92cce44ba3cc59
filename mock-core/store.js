const STATE_KEY = 'mock-gateway:state';
const SETTINGS_KEY = 'mock-gateway:settings';
export const DEFAULT_SETTINGS = {
    latencyMs: 600,
    pixExpiryMinutes: 30,
    deviceClockAheadMinutes: 0,
};
function memoryStorage() {
    const map = new Map();
    return {
        getItem: (key) => map.get(key) ?? null,
        setItem: (key, value) => void map.set(key, value),
        removeItem: (key) => void map.delete(key),
    };
}
// Memory until a transport says otherwise: the core runs in Node (the server's mock gateway) and in the
// browser (MSW), and a cross-site frame with third-party storage blocked throws on any localStorage access.
let storage = memoryStorage();
/** The browser's transport keeps the state in localStorage so it survives the 3DS redirect. */
export function setMockStorage(next) {
    storage = next;
}
/** A fresh, empty in-memory store (tests; the server's mock gateway). */
export function resetMockStorage() {
    storage = memoryStorage();
}
function read(key, fallback) {
    const raw = storage.getItem(key);
    if (!raw)
        return fallback;
    try {
        return { ...fallback, ...JSON.parse(raw) };
    }
    catch {
        return fallback;
    }
}
export function loadState() {
    return read(STATE_KEY, { nextId: 1001, transactions: {} });
}
export function saveState(state) {
    storage.setItem(STATE_KEY, JSON.stringify(state));
}
export function loadSettings() {
    return read(SETTINGS_KEY, DEFAULT_SETTINGS);
}
/** The mock gateway's clock: the device's, minus the skew a designer or test asked for. */
export function mockGatewayNow() {
    const ahead = loadSettings().deviceClockAheadMinutes;
    return Date.now() - (Number.isFinite(ahead) ? ahead : 0) * 60_000;
}
export function saveSettings(settings) {
    storage.setItem(SETTINGS_KEY, JSON.stringify(settings));
}
export function resetMock() {
    storage.removeItem(STATE_KEY);
}

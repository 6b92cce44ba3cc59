import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module reads BASE_URL once; each case loads it afresh under the build it stands for. */
async function appPathModule(base: string) {
  vi.stubEnv('BASE_URL', base);
  vi.resetModules();
  return import('./app-path.ts');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('app paths served at / (npm start, npm run serve)', () => {
  it('are the browser paths themselves', async () => {
    const { appHref, appPathOf } = await appPathModule('/');
    expect(appPathOf('/3ds/return')).toBe('/3ds/return');
    expect(appHref('/simulator?lang=en')).toBe('/simulator?lang=en');
  });
});

describe('app paths of the static preview under a folder', () => {
  // Under test the module's own folder plays the preview's folder (scripts sit one below it, in assets/).
  const folder = new URL('../', import.meta.url).pathname;

  it('read the page inside the folder, with or without the trailing slash or index.html', async () => {
    const { appPathOf } = await appPathModule('./');
    expect(appPathOf(folder)).toBe('/');
    expect(appPathOf(`${folder}index.html`)).toBe('/');
    expect(appPathOf(`${folder}3ds/return/`)).toBe('/3ds/return');
    expect(appPathOf(`${folder}simulator`)).toBe('/simulator');
    expect(appPathOf(`${folder}mock-bank/challenge/index.html`)).toBe('/mock-bank/challenge');
  });

  it('link inside the folder (the host adds the folder slash by redirecting)', async () => {
    const { appHref } = await appPathModule('./');
    expect(appHref('/')).toBe(folder);
    expect(appHref('/?scenario=pix-open&lang=en')).toBe(`${folder}?scenario=pix-open&lang=en`);
    expect(appHref('/simulator?lang=en')).toBe(`${folder}simulator?lang=en`);
    expect(appHref('/3ds/return')).toBe(`${folder}3ds/return`);
  });
});

import { afterEach } from 'vitest';
import { configure } from '@testing-library/dom';
import { resetMockStorage } from '../mock-core/store.ts';

// Screens load their code lazily, as in the browser; on a busy 2-core CI machine a chunk can take more than
// testing-library's default 1 s to arrive, which failed `findBy…` at random. What a test waits for is
// unchanged; it only waits longer before calling it missing.
configure({ asyncUtilTimeout: 5_000 });

// Test files share their worker's module graph (decision 347), and with it the mock gateway's in-memory store: each
// file starts with an empty one, as it did with a module graph of its own. Without this, the fault suite's ledger
// held the payments of the files that had run before it in its worker, and counted them as lost.
resetMockStorage();

// The same sharing holds for the page: files in jsdom reuse their worker's document, and testing-library unmounts
// what a test rendered only when told to (it hooks itself in only with Vitest's globals, which are off). A file that
// left its form on the page had the next file find two `alert`s. So every test's render is unmounted after it, and
// a file starts on an empty page.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
  });
  document.body.innerHTML = '';
}

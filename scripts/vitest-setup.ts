import { configure } from '@testing-library/dom';

// Screens load their code lazily, as in the browser; on a busy 2-core CI machine a chunk can take more than
// testing-library's default 1 s to arrive, which failed `findBy…` at random. What a test waits for is
// unchanged; it only waits longer before calling it missing.
configure({ asyncUtilTimeout: 5_000 });

// Fixed ports keep failures reproducible; the offset lets two checkouts of the repository (helpers' worktrees, a
// developer running two suites) run the server tests at the same time without taking each other's ports.
const OFFSET = Number(process.env.TEST_PORT_OFFSET ?? 0);

export function testPort(base: number): number {
  return base + OFFSET;
}

// What scripts/lighthouse.mjs and scripts/lighthouse-console.mjs read of a Lighthouse result: one line of
// scores and metrics, and what fails the targets (with the audits that cost points).

/** Prints the page's scores and answers the failures against `targets` ({ category: minimum score }). */
export function judgeLighthouse(name, lhr, targets) {
  const { categories, audits } = lhr;
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  const metric = (id) => audits[id]?.displayValue ?? 'n/a';
  console.log(
    `${name.padEnd(10)} performance ${score('performance')}  accessibility ${score('accessibility')}  ` +
      `best practices ${score('best-practices')}  LCP ${metric('largest-contentful-paint')}  ` +
      `TBT ${metric('total-blocking-time')}  CLS ${metric('cumulative-layout-shift')}`,
  );
  const failures = [];
  for (const [id, min] of Object.entries(targets)) {
    if (score(id) >= min) continue;
    const failing = Object.values(audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          categories[id]?.auditRefs.some((r) => r.id === a.id && r.weight > 0),
      )
      .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
    failures.push(`${name}: ${id} ${score(id)} < ${min}: ${failing.join(', ')}`);
  }
  const errors = audits['errors-in-console']?.details?.items ?? [];
  if (errors.length > 0) failures.push(`${name}: console errors: ${JSON.stringify(errors)}`);
  return { failures, cls: audits['cumulative-layout-shift']?.numericValue ?? 1 };
}

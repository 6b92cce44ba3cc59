/**
 * Previous / next for a list paged by the API's cursors: `cursors` holds the cursor of each page after the
 * first that was opened, so Previous pops one and Next pushes the answer's `next_cursor`.
 */
export function CursorPager({
  cursors,
  onChange,
  nextCursor,
  words,
}: {
  cursors: string[];
  onChange: (cursors: string[]) => void;
  nextCursor: string | null | undefined;
  words: { previous: string; next: string; pageOf: (page: number) => string };
}) {
  if (cursors.length === 0 && !nextCursor) return null;
  const page = words.pageOf(cursors.length + 1);
  return (
    <nav className="pager" aria-label={page}>
      <button
        type="button"
        className="button"
        disabled={cursors.length === 0}
        onClick={() => onChange(cursors.slice(0, -1))}
      >
        {words.previous}
      </button>
      <span aria-live="polite">{page}</span>
      <button
        type="button"
        className="button"
        disabled={!nextCursor}
        onClick={() => {
          if (nextCursor) onChange([...cursors, nextCursor]);
        }}
      >
        {words.next}
      </button>
    </nav>
  );
}

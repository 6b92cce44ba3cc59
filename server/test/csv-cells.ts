/**
 * A cell as a spreadsheet reads it, whichever separator it splits on: quotes respected (RFC 4180), the
 * cell's text unquoted. What a pt-BR spreadsheet does with a comma-separated file (splits on `;`) and the
 * other way round are both covered by reading each line with both separators.
 */
export function cellsOf(line: string, separator: ',' | ';'): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line.charAt(index);
    if (quoted) {
      if (char === '"' && line.charAt(index + 1) === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/** What a spreadsheet would run as a formula: a cell starting with one of these, after any blanks. */
export const FORMULA = /^\s*[=+\-@]/;

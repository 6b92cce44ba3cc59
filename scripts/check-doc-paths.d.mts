/** What the repository holds, for the citation check. */
export interface RepositoryView {
  /** Top-level folders: a token starting with one of them and a slash is a cited path. */
  folders: readonly string[];
  /** The names of its files, for bare file names. */
  basenames: ReadonlySet<string>;
  /** Whether a path relative to the repository's root exists. */
  exists(path: string): boolean;
}

export function problemsIn(file: string, text: string, repo: RepositoryView): string[];
export function checkDocPaths(): string[];

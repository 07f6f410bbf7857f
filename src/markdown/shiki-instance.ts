/**
 * One Shiki instance per thread, shared by the builds that need the same languages. Shiki is meant
 * to be a singleton: each instance keeps its grammars' compiled regular expressions in WebAssembly
 * memory, which only `dispose()` frees. `docsgen serve` and `build --watch` make a highlighter for
 * every build, and every edit whose code block is in no cache, so before this each of those leaked
 * an instance (about 1 MB each for four small grammars) and paid Shiki's start again.
 *
 * The instance is keyed by the exact set of languages, not grown by loading more: a grammar may
 * highlight code embedded in it only when that language happens to be loaded (a markdown block
 * inside a markdown page), so an instance that kept the languages of an earlier build could give
 * output a fresh build would not. A build leases the instance and releases it when its markdown
 * is rendered; an instance no longer current is disposed once no build holds it.
 */
import type { Highlighter } from 'shiki';

interface Instance {
  key: string;
  shiki: Promise<Highlighter>;
  leases: number;
}

export interface ShikiLease {
  shiki: Promise<Highlighter>;
  /** Lets the instance go; the lease may not be used after. A second call does nothing. */
  release(): void;
}

/**
 * How every block is tokenized: with no time limit, long lines left plain by their length. Shiki's
 * default stops tokenizing a line after 500 ms of wall-clock time and gives the rest of the line
 * the scope it was in. A grammar's regular expressions are compiled when first needed, so on a busy
 * machine the first line of a language could pass that limit: the same JavaScript sample came out
 * with its string running on to the end of the line in one build and not in another (a test that
 * compares `build --watch` with a full build failed so under load). A build's output must not
 * depend on the machine's speed, and the highlight cache keeps whatever it is given.
 */
export const TOKENIZE_OPTIONS = { tokenizeTimeLimit: 0, tokenizeMaxLineLength: 20_000 } as const;

let current: Instance | undefined;

/** The thread's instance for these languages and `themes`, made when the languages differ from the last ones. */
export function leaseShiki(langs: readonly string[], themes: readonly string[]): ShikiLease {
  const key = JSON.stringify([[...langs].sort(), themes]);
  if (current?.key !== key) {
    const previous = current;
    const made: Instance = { key, shiki: import('shiki').then(({ createHighlighter }) => createHighlighter({ themes: [...themes], langs: [...langs] })), leases: 0 };
    // A failure is the build's to report; the next build tries again rather than reuse it.
    made.shiki.catch(() => {
      if (current === made) current = undefined;
    });
    current = made;
    if (previous && previous.leases === 0) disposeInstance(previous);
  }
  const instance = current;
  instance.leases += 1;
  let released = false;
  return {
    shiki: instance.shiki,
    release() {
      if (released) return;
      released = true;
      instance.leases -= 1;
      if (instance.leases === 0 && instance !== current) disposeInstance(instance);
    },
  };
}

function disposeInstance(instance: Instance): void {
  // An instance that failed to load has nothing to free.
  instance.shiki.then((shiki) => shiki.dispose()).catch(() => undefined);
}

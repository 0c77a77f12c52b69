import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** A page worth starting with the HTML: the paths that open it (a RegExp source) and its module. */
export interface FirstPage {
  readonly paths: string;
  readonly module: string;
  /** Signed-out visitors of it are sent to login, so its code is fetched only with a session. */
  readonly needsSession: boolean;
}

/** [paths, needsSession, files] per page: what the inline script of index.html reads. */
export type PreloadTable = [string, boolean, string[]][];

/** Each page's own files (its chunk, the chunks it imports, their CSS) beyond what the entry loads. */
export function preloadTable(bundle: OutputBundle, pages: readonly FirstPage[]): PreloadTable {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (chunk: OutputChunk, files = new Set<string>()): Set<string> => {
    if (files.has(chunk.fileName)) return files;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) closure(imported, files);
    }
    return files;
  };
  const entry = chunks.find((c) => c.isEntry);
  const loadedByEntry = entry ? closure(entry) : new Set<string>();
  return pages.map((page) => {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(page.module));
    if (!chunk) throw new Error(`page-preload: no chunk for ${page.module}`);
    return [page.paths, page.needsSession, [...closure(chunk)].filter((f) => !loadedByEntry.has(f))];
  });
}

/**
 * First load (FEATURES §6): the opened page's lazy chunk would be requested only once the entry
 * has downloaded and run; a small inline script in index.html asks for it with the entry instead
 * (modulepreload), one round trip sooner. Only pages a first visit lands on are listed.
 */
export function pagePreload(pages: readonly FirstPage[]): Plugin {
  return {
    name: 'durak-page-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const table = JSON.stringify(preloadTable(ctx.bundle, pages));
        const script = `(function (pages) {
  var hasSession = /(?:^|;\\s*)refreshToken=/.test(document.cookie);
  for (var i = 0; i < pages.length; i++) {
    if (!new RegExp(pages[i][0]).test(location.pathname) || (pages[i][1] && !hasSession)) continue;
    pages[i][2].forEach(function (file) {
      var link = document.createElement('link');
      if (/\\.css$/.test(file)) { link.rel = 'preload'; link.as = 'style'; } else link.rel = 'modulepreload';
      link.href = '/' + file;
      document.head.appendChild(link);
    });
    return;
  }
})(${table});`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}

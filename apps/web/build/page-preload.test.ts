import { describe, expect, it } from 'vitest';
import { preloadTable } from './page-preload';

type Bundle = Parameters<typeof preloadTable>[0];
const chunk = (fileName: string, imports: string[], extra: Record<string, unknown> = {}) => ({
  type: 'chunk',
  fileName,
  imports,
  ...extra,
});

// The shape of a build: the entry with a shared chunk, and a lazy page importing both plus its own.
const bundle = {
  'index.js': chunk('assets/index-A.js', ['assets/react-B.js'], { isEntry: true }),
  'react.js': chunk('assets/react-B.js', []),
  'login.js': chunk('assets/login-page-C.js', ['assets/react-B.js', 'assets/form-D.js'], {
    facadeModuleId: '/app/src/features/auth/login-page.tsx',
    viteMetadata: { importedCss: new Set(['assets/login-E.css']), importedAssets: new Set() },
  }),
  'form.js': chunk('assets/form-D.js', []),
  'logo.svg': { type: 'asset', fileName: 'assets/logo-F.svg' },
} as unknown as Bundle;

describe('preloadTable', () => {
  it("lists a page's own chunks and CSS, not what the entry already loads", () => {
    const table = preloadTable(bundle, [{ paths: '^/auth/login/?$', module: 'src/features/auth/login-page.tsx', needsSession: false }]);
    expect(table).toEqual([['^/auth/login/?$', false, ['assets/login-page-C.js', 'assets/login-E.css', 'assets/form-D.js']]]);
  });

  it('fails the build for a page module that is not a chunk', () => {
    expect(() => preloadTable(bundle, [{ paths: '^/x$', module: 'src/features/x.tsx', needsSession: true }])).toThrow(/no chunk/);
  });
});

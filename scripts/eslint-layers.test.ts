// The layering rule of eslint.config.js, checked on code that breaks it: without these cases a
// typo in a glob would silently let the engine import the server and nobody would notice.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function problemsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('imports point one way: engine <- protocol <- apps', () => {
  it.each([
    ['the engine imports the protocol', 'packages/engine/src/x.ts', "import { z } from '@durak/protocol';\nexport const a = z;\n"],
    [
      'the engine reads the file system',
      'packages/engine/src/x.ts',
      "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n",
    ],
    ['the protocol imports the server', 'packages/protocol/src/x.ts', "import { a } from '@durak/server';\nexport const b = a;\n"],
    ['the server imports the web app', 'apps/server/src/x.ts', "import { a } from '../../web/src/main.js';\nexport const b = a;\n"],
    ['the web imports the server', 'apps/web/src/x.ts', "import { a } from '@durak/server';\nexport const b = a;\n"],
  ])('refuses: %s', async (_name, filePath, code) => {
    expect(await problemsOf(filePath, code)).toContain('no-restricted-imports');
  });

  it.each([
    [
      'the protocol imports the engine',
      'packages/protocol/src/x.ts',
      "import { createGame } from '@durak/engine';\nexport const a = createGame;\n",
    ],
    ['the web imports the protocol', 'apps/web/src/x.ts', "import { z } from '@durak/protocol';\nexport const a = z;\n"],
    ['the server imports node:fs', 'apps/server/src/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n"],
  ])('allows: %s', async (_name, filePath, code) => {
    expect(await problemsOf(filePath, code)).not.toContain('no-restricted-imports');
  });
});

describe('no source file over 400 lines', () => {
  it('refuses a file of 401 lines of code and allows 400 with comments and blanks around them', async () => {
    const line = (i: number) => `export const v${i} = ${i};\n`;
    const long = Array.from({ length: 401 }, (_, i) => line(i)).join('');
    const padded = Array.from({ length: 400 }, (_, i) => `// why ${i}\n\n${line(i)}`).join('');
    expect(await problemsOf('apps/server/src/x.ts', long)).toContain('max-lines');
    expect(await problemsOf('apps/server/src/x.ts', padded)).not.toContain('max-lines');
  });
});

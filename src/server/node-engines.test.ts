import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// `npm install` on the Node version the README names must not warn EBADENGINE: every package in the
// lock file supports the oldest Node our own `engines` field accepts (decision 022).
const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('the dependency tree and the Node version we support', () => {
  const oldest = semver.minVersion(pkg.engines.node)!.version;

  it('names Node 20 as the oldest supported version', () => {
    expect(semver.major(oldest)).toBe(20);
  });

  it('holds no package whose engines exclude that version', () => {
    const unsupported = Object.entries(lock.packages)
      .filter(([name, p]) => name !== '' && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name} (${(p.engines as { node: string }).node})`);
    expect(unsupported).toEqual([]);
  });
});

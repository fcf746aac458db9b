// The release of this build, as error reports and the server name it: the package version and the
// commit it was built from (7.5.2+a1b2c3d), or +dev outside a git checkout.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export function appRelease(): string {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  let commit = 'dev';
  try {
    commit = execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: new URL('..', import.meta.url), stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || 'dev';
  } catch {
    // Not a checkout (a tarball): the version alone tells releases apart.
  }
  return `${version}+${commit}`;
}

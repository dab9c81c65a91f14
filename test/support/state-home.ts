// Global setup: the tests' state folders ($XDG_STATE_HOME, where embedded stores live by default)
// in a fresh temporary folder, never the home folder of whoever runs them; removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const home = mkdtempSync(path.join(tmpdir(), 'toolwright-state-home-'));
  const previous = process.env.XDG_STATE_HOME;
  process.env.XDG_STATE_HOME = home;
  return () => {
    if (previous === undefined) delete process.env.XDG_STATE_HOME;
    else process.env.XDG_STATE_HOME = previous;
    rmSync(home, { recursive: true, force: true });
  };
}

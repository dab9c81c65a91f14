// Global setup: the tests' state folders ($XDG_STATE_HOME, where embedded stores live by default)
// in a fresh temporary folder, never the home folder of whoever runs them; removed at the end. A
// TOOLWRIGHT_STORE_URL of the shell (a real deployment's store) is not used by the tests either.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const home = mkdtempSync(path.join(tmpdir(), 'toolwright-state-home-'));
  const previous = {
    XDG_STATE_HOME: process.env.XDG_STATE_HOME,
    TOOLWRIGHT_STORE_URL: process.env.TOOLWRIGHT_STORE_URL,
  };
  process.env.XDG_STATE_HOME = home;
  delete process.env.TOOLWRIGHT_STORE_URL;
  return () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(home, { recursive: true, force: true });
  };
}

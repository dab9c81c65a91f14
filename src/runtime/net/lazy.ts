// `ctx.net` as every handler gets it: the guarded network code (address guard, ipaddr.js, undici)
// loads on the first use, so a call that never connects anywhere pays nothing for it.
import type { CheckedTarget, GuardedNet, GuardedNetSettings } from './guarded.js';

type Opened = GuardedNet & { close(): void };

export class LazyNet implements GuardedNet {
  private opened: Promise<Opened> | undefined;
  private ended = false;

  /** `settings` is read on the first use (the call's signal and host check are known by then). */
  constructor(private readonly settings: () => GuardedNetSettings) {}

  private open(): Promise<Opened> {
    return (this.opened ??= import('./guarded.js').then((m) => {
      const net = m.createGuardedNet(this.settings());
      if (this.ended) net.close();
      return net;
    }));
  }

  async check(url: string | URL): Promise<CheckedTarget> {
    return (await this.open()).check(url);
  }

  async dispatcher() {
    return (await this.open()).dispatcher();
  }

  async fetch(url: string | URL, init?: RequestInit): Promise<Response> {
    return (await this.open()).fetch(url, init);
  }

  /** Frees the connections of the call (the runtime calls it when the handler has settled). */
  close(): void {
    this.ended = true;
    this.opened?.then(
      (net) => net.close(),
      () => {},
    );
  }

  get used(): boolean {
    return this.opened !== undefined;
  }
}

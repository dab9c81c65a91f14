// The child side of a job process (./job-process.ts): one job at a time from the parent's channel,
// a reply for each, 'ready' once the script's modules have loaded, and an exit when the parent goes.

/** Serves `handle` over the IPC channel, when this process has one (it is a job process). */
export function serveJobs<Job, Reply>(handle: (job: Job) => Reply | Promise<Reply>): void {
  const send = process.send?.bind(process);
  if (!send) return;
  process.on('message', (job: Job) => {
    void Promise.resolve()
      .then(() => handle(job))
      .then((reply) => send(reply));
  });
  // The parent closed the channel (it exited or let this process go): nothing more will come.
  process.on('disconnect', () => process.exit(0));
  send('ready');
}

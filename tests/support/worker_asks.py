"""Asking the site's search worker from a page, for the browser tests and the benchmarks:
:data:`ASK_WORKER_JS`, a function for Playwright's ``page.evaluate`` (the page must be of
the site's origin), starts ``search-worker.mjs``, waits for its first answer (a Skud
move at medium: the boot), then sends each request text in turn and returns every
reply."""

ASK_WORKER_JS = """async (requests) => {
  const worker = new Worker('./search-worker.mjs', { type: 'module' });
  let pending = null;
  let booted = null;
  const start = performance.now();
  worker.onmessage = ({ data }) => {
    const reply = JSON.parse(data);
    if ('ready' in reply) {  // the worker's own boot time, posted once
      booted = { wall: (performance.now() - start) / 1000, own: reply.ready };
      return;
    }
    const resolve = pending;
    pending = null;
    resolve(reply);
  };
  const ask = (text) => new Promise((resolve) => {
    pending = resolve;
    worker.postMessage(text);
  });
  const first = await ask(JSON.stringify({ id: 0, variant: 'skud', moves: '', level: 'medium' }));
  const boot = (performance.now() - start) / 1000;
  const out = [];
  const began = performance.now();
  for (const text of requests) {
    const asked = performance.now();
    const reply = await ask(text);
    reply.wall = (performance.now() - asked) / 1000;
    out.push(reply);
  }
  worker.terminate();
  return { boot, booted, first, out, total: (performance.now() - began) / 1000 };
}"""
"""``(requests: string[]) => {boot, booted, first, out, total}``: ``boot`` the seconds to
the first answer, ``booted`` the worker's own boot report, ``out`` the replies (each with
its ``wall`` seconds), ``total`` the seconds of the requests."""

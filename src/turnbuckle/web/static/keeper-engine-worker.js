// The engine in the page's worker (a module worker): Pyodide from /static/pyodide/, the page's copy of
// the rules from /static/turnbuckle-page.zip, and one call, turnbuckle.page.keeper_step(request JSON)
// -> answer JSON (docs/architecture.md, "The engine in the page").
const RUNTIME = "/static/pyodide/";
const RULES = "/static/turnbuckle-page.zip";
let booted = null;

function boot() {
  booted ??= (async () => {
    const { loadPyodide } = await import(`${RUNTIME}pyodide.mjs`);
    const py = await loadPyodide({ indexURL: RUNTIME });
    const zip = await fetch(RULES);
    if (!zip.ok) { throw new Error(`the rules for the page did not load (HTTP ${zip.status})`); }
    py.FS.writeFile("/tmp/turnbuckle-page.zip", new Uint8Array(await zip.arrayBuffer()));
    py.runPython('import sys\nsys.path.insert(0, "/tmp/turnbuckle-page.zip")');
    return py.pyimport("turnbuckle.page").keeper_step;
  })();
  booted.catch(() => { booted = null; });
  return booted;
}

self.onmessage = async (event) => {
  const job = event.data;
  try {
    const keeperStep = await boot();
    const answer = job.kind === "ready" ? null : JSON.parse(keeperStep(JSON.stringify(job.match)));
    self.postMessage({ id: job.id, answer });
  } catch (error) {
    self.postMessage({ id: job.id, error: String((error && error.message) || error) });
  }
};

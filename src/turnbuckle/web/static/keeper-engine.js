// The offline keeper's engine: Pyodide (served under /static/pyodide/) with the page's copy of the
// rules (/static/turnbuckle-page.zip), started once per page. docs/architecture.md, "The engine in
// the page", says what a request and an answer hold.
//   const engine = await startEngine();
//   const answer = engine.step({ game: "boxing", sides: [sheetA, sheetB], entries: ["7", "3"] });
let started = null;

export function startEngine(base = "/static/") {
  started ??= (async () => {
    const { loadPyodide } = await import(`${base}pyodide/pyodide.mjs`);
    const py = await loadPyodide({ indexURL: `${base}pyodide/` });
    const zip = await fetch(`${base}turnbuckle-page.zip`);
    if (!zip.ok) throw new Error(`the rules for the page did not load (HTTP ${zip.status})`);
    py.FS.writeFile("/tmp/turnbuckle-page.zip", new Uint8Array(await zip.arrayBuffer()));
    py.runPython('import sys\nsys.path.insert(0, "/tmp/turnbuckle-page.zip")');
    const keeperStep = py.pyimport("turnbuckle.page").keeper_step;
    return {
      version: py.version,
      step: (request) => JSON.parse(keeperStep(JSON.stringify(request))),
    };
  })();
  return started;
}

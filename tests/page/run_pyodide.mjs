// Plays the page's requests in Pyodide under Node.js: one start, then each request through
// turnbuckle.page.keeper_step. Usage: node run_pyodide.mjs PYODIDE_DIR PAGE_ZIP < REQUESTS_JSON
// Pyodide starts while the caller is still writing the requests (a JSON list of request strings);
// the answer on standard output: each record_text (or the error), and what was imported and when.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [dir, zipPath] = process.argv.slice(2);
const chunks = [];
const input = new Promise((resolve) => {
  process.stdin.on("data", (chunk) => chunks.push(chunk));
  process.stdin.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
});
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const started = Date.now();
const py = await loadPyodide({ indexURL: dir + path.sep });
py.FS.writeFile("/tmp/turnbuckle_page.zip", readFileSync(zipPath));
py.runPython(`
import sys
sys.path.insert(0, "/tmp/turnbuckle_page.zip")
from turnbuckle.page import keeper_step
`);
const loaded = Date.now();
const step = py.globals.get("keeper_step");
const requests = JSON.parse(await input);
const playing = Date.now();
const answers = requests.map((request) => {
  const answer = JSON.parse(step(request));
  return answer.ok ? answer.record_text : "error: " + JSON.stringify(answer.error);
});
const blocked = py.runPython(
  "', '.join(sorted(m for m in ('pydantic', 'pydantic_core', 'yaml') if m in sys.modules))");
process.stdout.write(JSON.stringify({ answers, blocked, version: py.version,
  start_ms: loaded - started, play_ms: Date.now() - playing }));

// End-to-end: installs the packaged fantasma .vsix into a real VS Code (code-server), opens
// a Markdown file in headless Chromium, waits for fantasma's diagnostics in the Problems
// panel, applies a quick fix with Ctrl+. and checks the editor's text. Keeps screenshots.
// The sample's marker is a habit few writers share ('---' for a dash): the habits many share
// are hints, which the Problems panel does not list.
//   node vscode_e2e.js --code-server DIR --vsix FILE --server FANTASMA_LS --sample FILE
//                      --artifacts DIR
"use strict";
const { spawn, execFileSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const net = require("net");

function argument(name) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0 || i + 1 >= process.argv.length) throw new Error(`missing --${name}`);
  return path.resolve(process.argv[i + 1]);
}

const codeServerDir = argument("code-server");
const vsix = argument("vsix");
const server = argument("server");
const sample = argument("sample");
const artifacts = argument("artifacts");
const puppeteer = require(path.join(codeServerDir, "node_modules", "puppeteer-core"));
const codeServer = path.join(codeServerDir, "node_modules", ".bin", "code-server");

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

async function waitFor(what, seconds, check) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

async function main() {
  fs.mkdirSync(artifacts, { recursive: true });
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "fantasma-vscode-"));
  const userData = path.join(root, "user");
  const extensions = path.join(root, "extensions");
  const workspace = path.join(root, "workspace");
  fs.mkdirSync(path.join(userData, "User"), { recursive: true });
  fs.mkdirSync(workspace);
  fs.copyFileSync(sample, path.join(workspace, "sample.md"));
  fs.writeFileSync(
      path.join(userData, 'User', 'settings.json'),
      JSON.stringify({
          'security.workspace.trust.enabled': false,
          'workbench.startupEditor': 'none',
          'extensions.autoCheckUpdates': false,
          'telemetry.telemetryLevel': 'off',
          'fantasma.serverPath': server,
          'fantasma.debounceMs': 0,
      }),
  );
  const config = path.join(root, "config.yaml");
  fs.writeFileSync(config, "auth: none\n");
  execFileSync(codeServer, ["--config", config, "--user-data-dir", userData,
    "--extensions-dir", extensions, "--install-extension", vsix], { stdio: "inherit" });

  const port = await freePort();
  const ide = spawn(codeServer, ["--bind-addr", `127.0.0.1:${port}`, "--auth", "none",
    "--disable-telemetry", "--disable-update-check", "--disable-workspace-trust",
    "--config", config, "--user-data-dir", userData, "--extensions-dir", extensions,
    workspace], { stdio: ["ignore", "pipe", "pipe"] });
  let ideLog = "";
  ide.stdout.on("data", (d) => (ideLog += d));
  ide.stderr.on("data", (d) => (ideLog += d));

  const browser = await puppeteer.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      `--user-data-dir=${path.join(root, "chromium")}`],
  });
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  try {
    await waitFor("code-server", 60, async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
      } catch {
        return false;
      }
    });
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`);
    await page.waitForSelector(".monaco-workbench", { timeout: 90000 });
    await sleep(3000);
    // Open the sample from the Explorer (the workspace's only file), with real clicks.
    await waitFor("an editor showing the sample", 60, async () => {
      if (await page.$(".monaco-editor .view-lines")) return true;
      for (const row of await page.$$(".explorer-folders-view .monaco-list-row")) {
        const text = await row.evaluate((r) => r.innerText);
        if (text.includes("sample.md")) await row.click({ clickCount: 2 });
      }
      await sleep(1000);
      return false;
    });
    // The Problems panel.
    await page.keyboard.down("Control");
    await page.keyboard.down("Shift");
    await page.keyboard.press("KeyM");
    await page.keyboard.up("Shift");
    await page.keyboard.up("Control");
    await waitFor("fantasma diagnostics in the Problems panel", 90, () =>
      page.evaluate(() => {
        const panel = document.querySelector(".markers-panel");
        return panel && panel.innerText.includes("---") && panel.innerText.includes("fantasma");
      }));
    await page.screenshot({ path: path.join(artifacts, "vscode-problems.png") });

    // Go to the problem (double-click its row), then Ctrl+. for the quick fixes.
    let rowText = null;
    for (const row of await page.$$(".markers-panel .monaco-list-row")) {
      const text = await row.evaluate((r) => r.innerText);
      if (text.includes("---")) {
        rowText = text;
        await row.click({ clickCount: 2 });
        break;
      }
    }
    if (!rowText) throw new Error("no Problems row mentions '---'");
    await sleep(1500);
    await page.keyboard.down("Control");
    await page.keyboard.press("Period");
    await page.keyboard.up("Control");
    const clicked = await waitFor("the 'Use ' - '' quick fix", 20, async () => {
      for (const item of await page.$$(".action-widget .monaco-list-row")) {
        const text = await item.evaluate((i) => i.innerText);
        if (text.includes("Use ' - '") && !/all/i.test(text)) {
          await item.click();
          return text;
        }
      }
      return false;
    });
    console.log(`applied quick fix: ${clicked}`);
    await waitFor("the fixed text in the editor", 20, () =>
      page.evaluate(() => {
        const lines = document.querySelector(".monaco-editor .view-lines");
        const text = lines ? lines.innerText.replace(/\u00a0/g, " ") : "";
        return text.includes("noon - then") && !text.includes("noon---then");
      }));
    await page.screenshot({ path: path.join(artifacts, "vscode-quickfix-applied.png") });
    console.log("PASS: diagnostics shown and quick fix applied in code-server");
  } catch (error) {
    await page.screenshot({ path: path.join(artifacts, "vscode-failure.png") }).catch(() => {});
    console.error(ideLog.slice(-4000));
    throw error;
  } finally {
    await browser.close();
    ide.kill();
  }
}

main().catch((error) => {
  console.error(`FAIL: ${error.message}`);
  process.exit(1);
});

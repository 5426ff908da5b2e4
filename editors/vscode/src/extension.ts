// The fantasma VS Code extension: starts fantasma-ls over stdio for Markdown, LaTeX and plain
// text (which one: server.ts), and shows the active document's total identifying bits (and,
// with a profile, the attacker's probability of picking the writer) in the status bar;
// clicking it shows the summary. All the analysis, quick fixes and code actions
// come from the server; the palette commands (commands.ts) go through it.
import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";
import {
  checkBuiltPdf,
  checkDoubleBlind,
  chooseProfileFolder,
  describe,
  rewriteParagraph,
  showSummary,
  Summary,
} from "./commands";
import { explainMissingServer, findServer, olderThan, ServerChoice } from "./server";

let client: LanguageClient | undefined;
const summaries = new Map<string, Summary>();
// Callers waiting for a document's summary (the double-blind command).
const waiting: ((summary: Summary) => boolean)[] = [];

// The document's summary once `accept` takes it: the one known now if it does (a review copy
// is checked as double-blind without the setting, which then changes nothing and brings no
// new summary), else the next one that does.
function waitForSummary(uri: string, accept: (s: Summary) => boolean): Promise<Summary> {
  const known = summaries.get(uri);
  if (known && accept(known)) return Promise.resolve(known);
  return new Promise((resolve) => {
    waiting.push((summary) => {
      if (summary.uri !== uri || !accept(summary)) return false;
      resolve(summary);
      return true;
    });
  });
}

function createClient(server: ServerChoice): LanguageClient {
  const config = vscode.workspace.getConfiguration("fantasma");
  const serverOptions: ServerOptions = {
    command: server.command,
    args: ["--stdio"],
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { language: "markdown" },
      { language: "latex" },
      { language: "tex" },
      { language: "plaintext" },
    ],
    synchronize: { configurationSection: "fantasma" },
    initializationOptions: { fantasma: config },
  };
  return new LanguageClient("fantasma", "fantasma", serverOptions, clientOptions);
}

function updateStatus(item: vscode.StatusBarItem): void {
  const editor = vscode.window.activeTextEditor;
  const summary = editor && summaries.get(editor.document.uri.toString());
  if (!summary) {
    item.hide();
    return;
  }
  const bits = summary.totalBits.toFixed(1);
  item.text = `$(eye) ${bits} bits`;
  item.tooltip = describe(summary) + " (click for the summary)";
  if (summary.doubleBlind && summary.verdict) {
    const leaks = summary.leakCount ?? 0;
    item.text = `$(eye) ${leaks} ${leaks === 1 ? 'leak' : 'leaks'} · ${bits} bits`;
  } else if (summary.attacker) {
    // The chance an attacker with the writer's other texts picks them, as it moves.
    const chance = Math.round(100 * summary.attacker.probability);
    item.text += ` · attacker ${chance} %${summary.attacker.uncertain ? "?" : ""}`;
  }
  item.show();
}

async function start(context: vscode.ExtensionContext, item: vscode.StatusBarItem) {
  const server = findServer(context);
  if (!server) {
    await explainMissingServer();
    return;
  }
  client = createClient(server);
  client.onNotification("fantasma/summary", (summary: Summary) => {
    summaries.set(summary.uri, summary);
    for (let i = waiting.length - 1; i >= 0; i--) {
      if (waiting[i](summary)) waiting.splice(i, 1);
    }
    updateStatus(item);
  });
  try {
    await client.start();
  } catch (error) {
    void vscode.window.showErrorMessage(
      `fantasma: could not start the language server ${server.command} (from ` +
        `${server.origin}): ${String(error)}. Set "fantasma.serverPath" to the fantasma-ls ` +
        `executable, or leave it empty to use the one on PATH or bundled.`,
    );
    return;
  }
  const serverVersion = client.initializeResult?.serverInfo?.version;
  const ours = String(context.extension.packageJSON.version);
  if (olderThan(serverVersion, ours)) {
    void vscode.window.showWarningMessage(
      `fantasma: the language server (${server.command}, version ${serverVersion}) is older ` +
        `than this extension (${ours}): some features may be missing. Update fantasma-ls, ` +
        `or clear fantasma.serverPath to use the one this extension carries.`,
    );
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const item = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Right, 100);
  item.name = "fantasma";
  item.command = "fantasma.showSummary";
  context.subscriptions.push(item);
  context.subscriptions.push(
    vscode.window.onDidChangeActiveTextEditor(() => updateStatus(item)),
    vscode.commands.registerCommand("fantasma.showSummary", () => showSummary(summaries)),
    vscode.commands.registerCommand("fantasma.rewriteParagraph", rewriteParagraph),
    vscode.commands.registerCommand("fantasma.checkDoubleBlind",
                                    () => checkDoubleBlind(waitForSummary)),
    vscode.commands.registerCommand("fantasma.checkPdf", checkBuiltPdf),
    vscode.commands.registerCommand("fantasma.chooseProfileFolder", chooseProfileFolder),
    vscode.commands.registerCommand("fantasma.restartServer", async () => {
      await client?.stop();
      summaries.clear();
      await start(context, item);
    }),
  );
  await start(context, item);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}

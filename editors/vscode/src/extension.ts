// The fantasma VS Code extension: starts fantasma-ls over stdio for Markdown, LaTeX and plain
// text, and shows the active document's total identifying bits in the status bar. All the
// analysis, quick fixes and code actions come from the server.
import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

// Sent by fantasma-ls after each analysis (see lsp/README.md).
interface Summary {
  uri: string;
  version: number;
  totalBits: number;
  wordCount: number;
  markerCount: number;
  summary?: string;  // what the total means, bounded by the reference's size
  // The findings to read first: self-identifying content, then the strongest habits.
  readFirst?: { code: string; bits: number; message: string }[];
  doubleBlind?: boolean;  // checked as a double-blind submission
  leakCount?: number;  // then: what would identify the authors to a reviewer
  verdict?: string;
}

let client: LanguageClient | undefined;
const summaries = new Map<string, Summary>();

function createClient(): LanguageClient {
  const config = vscode.workspace.getConfiguration("fantasma");
  const command = config.get<string>("serverPath") || "fantasma-ls";
  const serverOptions: ServerOptions = {
    command,
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

function showSummary(item: vscode.StatusBarItem): void {
  const editor = vscode.window.activeTextEditor;
  const summary = editor && summaries.get(editor.document.uri.toString());
  if (!summary) {
    item.hide();
    return;
  }
  const bits = summary.totalBits.toFixed(1);
  item.text = `$(eye) ${bits} bits`;
  const first = (summary.readFirst ?? [])
      .map((finding) => `${finding.code} (${finding.bits.toFixed(1)} bits)`)
      .join(", ");
  item.tooltip =
      `fantasma: ${summary.markerCount} authorship markers, ${bits} bits of identifying ` +
      `information: ${summary.summary ?? 'no summary from this server'}.` +
      (first ? ` Read first: ${first}.` : "");
  if (summary.doubleBlind && summary.verdict) {
    const leaks = summary.leakCount ?? 0;
    item.text = `$(eye) ${leaks} ${leaks === 1 ? 'leak' : 'leaks'} · ${bits} bits`;
    item.tooltip = `fantasma (double-blind): ${summary.verdict}\n${item.tooltip}`;
  }
  item.show();
}

async function start(context: vscode.ExtensionContext, item: vscode.StatusBarItem) {
  client = createClient();
  client.onNotification("fantasma/summary", (summary: Summary) => {
    summaries.set(summary.uri, summary);
    showSummary(item);
  });
  try {
    await client.start();
  } catch (error) {
    void vscode.window.showErrorMessage(
      `fantasma: could not start the language server (${String(error)}). ` +
        `Set "fantasma.serverPath" to the fantasma-ls executable.`,
    );
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const item = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Right, 100);
  item.name = "fantasma";
  context.subscriptions.push(item);
  context.subscriptions.push(
    vscode.window.onDidChangeActiveTextEditor(() => showSummary(item)),
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

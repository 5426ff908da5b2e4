// The palette commands. Each works through the server: the rewrite is the server's own
// "Rewrite paragraph" code action, the double-blind check and the profile folder are settings
// the server reads, and the summary is its fantasma/summary notification.
import * as vscode from "vscode";

// Sent by fantasma-ls after each analysis (see lsp/README.md).
export interface Summary {
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
  // A LaTeX main file's built PDF (main.tex -> main.pdf), checked: what reviewers receive.
  builtPdf?: { file: string; current: boolean; leakCount: number; verdict: string };
  // With a profile: would an attacker holding the writer's other texts pick them?
  attacker?: { verdict: string; probability: number; rank: number; candidates: number;
               uncertain: boolean };
}

export function describe(summary: Summary): string {
  const bits = summary.totalBits.toFixed(1);
  const first = (summary.readFirst ?? [])
      .map((finding) => `${finding.code} (${finding.bits.toFixed(1)} bits)`)
      .join(", ");
  return `fantasma: ${summary.markerCount} authorship markers, ${bits} bits of identifying ` +
      `information: ${summary.summary ?? "no summary from this server"}.` +
      (first ? ` Read first: ${first}.` : "") +
      (summary.doubleBlind && summary.verdict ? ` Double-blind: ${summary.verdict}` : "") +
      (summary.builtPdf ? ` The built PDF: ${summary.builtPdf.verdict}` : "") +
      (summary.attacker ? ` ${summary.attacker.verdict}` : "");
}

export function showSummary(summaries: Map<string, Summary>): void {
  const editor = vscode.window.activeTextEditor;
  const summary = editor && summaries.get(editor.document.uri.toString());
  void vscode.window.showInformationMessage(
      summary ? describe(summary) :
                "fantasma has no summary for this editor: open a Markdown, LaTeX or text file.");
}

// The paragraph's deterministic rewrite when there is one, else the model's (when a model is
// set, the server offers it as a command that rewrites in the background).
export async function rewriteParagraph(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return;
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      "vscode.executeCodeActionProvider", editor.document.uri, editor.selection,
      vscode.CodeActionKind.RefactorRewrite.value) ?? [];
  const paragraph = actions.filter((a) => a.title.startsWith("Rewrite paragraph in a neutral style"));
  const action = paragraph.find((a) => a.edit) ?? paragraph.find((a) => a.command);
  if (!action) {
    void vscode.window.showInformationMessage(
        "fantasma: nothing to rewrite in this paragraph (no marker it can fix, and no " +
        "fantasma.modelPath for a model rewrite).");
    return;
  }
  if (action.edit) await vscode.workspace.applyEdit(action.edit);
  if (action.command) {
    await vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
  }
}

function settingsTarget(): vscode.ConfigurationTarget {
  return vscode.workspace.workspaceFolders ? vscode.ConfigurationTarget.Workspace
                                           : vscode.ConfigurationTarget.Global;
}

// Checks documents as double-blind submissions (the setting, in this workspace): what would
// identify you to a reviewer comes first, as errors, and the verdict follows.
export async function checkDoubleBlind(
    waitForSummary: (uri: string, accept: (s: Summary) => boolean) => Promise<Summary>,
): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  // Asked before the setting changes: the server's summary can arrive before update() returns.
  const checked = editor &&
      waitForSummary(editor.document.uri.toString(), (s) => Boolean(s.doubleBlind));
  await vscode.workspace.getConfiguration("fantasma").update("doubleBlind", true, settingsTarget());
  if (!checked) return;
  const summary = await checked;
  void vscode.window.showInformationMessage(
      `fantasma (double-blind): ${summary.verdict ?? "checked"} The leaks are listed as errors in Problems.`);
}

// Checks the PDF built from the active LaTeX file (main.tex -> main.pdf beside it), or the
// PDF itself, through the server's fantasma.checkBuiltPdf command, which shows the verdict.
export async function checkBuiltPdf(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) {
    void vscode.window.showInformationMessage(
        "fantasma: open the LaTeX main file whose PDF you want to check.");
    return;
  }
  await vscode.commands.executeCommand("fantasma.checkBuiltPdf", editor.document.uri.toString());
}

export async function chooseProfileFolder(): Promise<void> {
  const folders = await vscode.window.showOpenDialog({
    canSelectFolders: true,
    canSelectFiles: false,
    canSelectMany: false,
    openLabel: "Use as my profile",
    title: "fantasma: the folder of your own writing (markers are ranked by how much they link a text to it)",
  });
  if (!folders || folders.length === 0) return;
  await vscode.workspace.getConfiguration("fantasma")
      .update("profileDirectory", folders[0].fsPath, vscode.ConfigurationTarget.Global);
  void vscode.window.showInformationMessage(`fantasma: your profile is ${folders[0].fsPath}.`);
}

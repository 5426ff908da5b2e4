// Which fantasma-ls the extension starts, and whether it is as new as the extension.
// In order: `fantasma.serverPath` when set; else the server this extension carries (the
// platform VSIX, e.g. fantasma-linux-x64.vsix, has it under server/); else fantasma-ls on
// PATH (the Debian package puts it in /usr/bin). Without any, one notification says what to do.
import * as fs from "fs";
import * as path from "path";
import * as vscode from "vscode";

export interface ServerChoice {
  command: string;
  origin: "fantasma.serverPath" | "bundled" | "PATH";
}

function executable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && executable(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

export function findServer(context: vscode.ExtensionContext): ServerChoice | undefined {
  const setting = vscode.workspace.getConfiguration("fantasma").get<string>("serverPath", "");
  if (setting.trim()) return { command: setting.trim(), origin: "fantasma.serverPath" };
  const bundled = context.asAbsolutePath(path.join("server", "fantasma-ls"));
  if (fs.existsSync(bundled)) {
    // An unpacker that drops the executable bit must not make the server unusable.
    if (!executable(bundled)) fs.chmodSync(bundled, 0o755);
    return { command: bundled, origin: "bundled" };
  }
  const found = onPath("fantasma-ls");
  return found ? { command: found, origin: "PATH" } : undefined;
}

export async function explainMissingServer(): Promise<void> {
  const choice = await vscode.window.showErrorMessage(
    "fantasma: its language server, fantasma-ls, was not found. Install the fantasma " +
      "package (it puts fantasma-ls on your PATH) or this extension's build for your " +
      "platform (it carries the server), or set fantasma.serverPath to the program.",
    "Open Settings",
  );
  if (choice === "Open Settings") {
    await vscode.commands.executeCommand("workbench.action.openSettings", "fantasma.serverPath");
  }
}

// "0.1.0+11abbc1-dirty" -> [0, 1, 0]; undefined for anything else.
function release(version: string | undefined): number[] | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version ?? "");
  return match ? match.slice(1, 4).map(Number) : undefined;
}

// True when the server's release is older than the extension's (a git describe suffix aside).
export function olderThan(server: string | undefined, extension: string): boolean {
  const [a, b] = [release(server), release(extension)];
  if (!a || !b) return false;
  for (let i = 0; i < 3; i++) {
    if (a[i] !== b[i]) return a[i] < b[i];
  }
  return false;
}

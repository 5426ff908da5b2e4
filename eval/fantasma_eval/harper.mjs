// Lints texts with harper.js, the grammar checker (eval/fantasma_eval/harper.py runs this).
// Reads a JSON array of texts on stdin and writes a JSON array on stdout: for each text, its
// lints as {rule, kind, start, end, text, message}, with start and end counted in Unicode code
// points as a Python string counts them (harper.js counts UTF-16 units). All texts go through
// one linter: building harper's dictionary takes a second or more, and harper's code runs
// faster once node has compiled it.
//
// usage: node harper.mjs FOLDER   (FOLDER holds node_modules/harper.js, installed by harper.py)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [folder] = process.argv.slice(2);
if (!folder) {
    console.error("usage: node harper.mjs FOLDER (the folder holding node_modules/harper.js)");
    process.exit(2);
}
// Imported by path: the package is installed in a cache folder, not beside this script.
const dist = join(folder, "node_modules", "harper.js", "dist");
const { LocalLinter, Dialect } = await import(pathToFileURL(join(dist, "index.js")));
const { binary } = await import(pathToFileURL(join(dist, "binary.js")));

// codePoints(text)[i]: how many code points the first i UTF-16 units of text hold.
function codePoints(text) {
    const at = [0];
    for (let i = 0; i < text.length; i++) {
        const lowSurrogate = (text.charCodeAt(i) & 0xfc00) === 0xdc00;
        const afterHigh = i > 0 && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800;
        at.push(at[i] + (lowSurrogate && afterHigh ? 0 : 1));
    }
    return at;
}

const texts = JSON.parse(readFileSync(0, "utf8"));
// harper's default rules (its own choice of what is on), American spelling: the EBG writers
// are American.
const linter = new LocalLinter({ binary, dialect: Dialect.American });
const results = [];
for (const text of texts) {
    const lints = [];
    const at = codePoints(text);
    // Grouped by the rule that found them: the rule's name is what a lint is matched on.
    const groups = await linter.organizedLints(text, { language: "plaintext" });
    for (const [rule, found] of Object.entries(groups)) {
        for (const lint of found) {
            const span = lint.span();
            lints.push({
                rule,
                kind: lint.lint_kind(),
                start: at[span.start],
                end: at[span.end],
                text: lint.get_problem_text(),
                message: lint.message(),
            });
            span.free();
            lint.free(); // WebAssembly memory is not collected on its own
        }
    }
    results.push(lints);
}
process.stdout.write(JSON.stringify(results));

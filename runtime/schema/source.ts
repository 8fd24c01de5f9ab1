// One schema file: its data, and on demand the positions of its keys, so any key path (from
// ajv, from the normaliser, from the cross-checks) can become a file:line:col problem.
//
// Reading a document with positions (yaml's Document and LineCounter) costs ten times what
// reading its data does (js-yaml), and only a file with a problem needs positions. So the data
// comes from js-yaml, and the positioned document is made the first time a position is asked
// for, or whenever js-yaml refuses the text: then yaml's own account of the syntax error is the
// one reported, exactly as it would be without the fast path.
import { CORE_SCHEMA, load } from 'js-yaml';
import { type Document, isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import type { ProblemText } from './problemMessages.ts';
import type { Problem } from './types.ts';
import { syntaxMistakes } from './yamlSyntax.ts';

export type KeyPath = Array<string | number>;

/** `fields.userName.type`, `list.columns[2]`: the key path as a maintainer reads it. */
export function formatKeyPath(path: KeyPath): string {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : out === '' ? seg : `.${seg}`;
  return out;
}

/** A message as a Problem holds it: English, and Chinese when the catalogue has it. */
export function problemText(message: ProblemText): { message: string; zh?: string } {
  return typeof message === 'string' ? { message } : { message: message.en, zh: message.zh };
}

interface Positioned {
  doc: Document;
  lines: LineCounter;
}

export class SourceDoc {
  private positioned?: Positioned;
  private fast?: { ok: true; data: unknown } | { ok: false };

  constructor(
    /** the file name as problems show it */
    readonly file: string,
    private readonly text: string,
  ) {}

  /** The document with positions, read once when first needed. */
  get doc(): Document {
    return this.withPositions().doc;
  }

  private withPositions(): Positioned {
    if (!this.positioned) {
      const lines = new LineCounter();
      const doc = parseDocument(this.text, { lineCounter: lines, prettyErrors: true });
      this.positioned = { doc, lines };
    }
    return this.positioned;
  }

  private read(): { ok: true; data: unknown } | { ok: false } {
    if (!this.fast) {
      try {
        // the core schema is YAML 1.2's, which yaml's default schema also is: no dates, no merge keys
        this.fast = { ok: true, data: load(this.text, { schema: CORE_SCHEMA }) ?? null };
      } catch {
        this.fast = { ok: false };
      }
    }
    return this.fast;
  }

  /** YAML syntax errors (and duplicate keys), one per mistake, in plain words (yamlSyntax.ts). */
  syntaxProblems(): Problem[] {
    if (this.read().ok) return [];
    const { doc, lines } = this.withPositions();
    return syntaxMistakes(this.text, doc, lines)
      .map(({ line, col, message }) => ({ file: this.file, line, col, path: '', ...problemText(message) }))
      .sort((a, b) => a.line - b.line || a.col - b.col);
  }

  /** The document's data; call after syntaxProblems() found none. */
  data(): unknown {
    const fast = this.read();
    // js-yaml is stricter than yaml in a few corners; where only it objects, yaml's reading stands
    return fast.ok ? fast.data : this.doc.toJS();
  }

  /** Whether the document's top-level mapping has the key. */
  has(key: string): boolean {
    const data = this.data();
    return data !== null && typeof data === 'object' && Object.hasOwn(data, key);
  }

  /**
   * Where the document starts: its first line that is not blank or a comment. Resources keep it
   * for messages about them; reading it from the text spares every clean file its positions.
   */
  start(): { line: number; col: number } {
    if (this.positioned) return this.position([]);
    const lines = this.text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      const col = line.search(/\S/);
      if (col === -1 || line[col] === '#') continue;
      // directives and document markers: leave it to the parser
      if (/^(%|---|\.\.\.)/.test(line)) break;
      return { line: i + 1, col: col + 1 };
    }
    return this.position([]);
  }

  /**
   * Where a key path points: the value's node, or with `onKey` the key itself (for unknown or
   * misspelt keys). A path that does not exist in full resolves to its deepest existing part, so
   * a missing key is reported at the mapping that lacks it.
   */
  position(path: KeyPath, onKey = false): { line: number; col: number } {
    const { doc, lines } = this.withPositions();
    let node: unknown = doc.contents;
    let offset = (node as Node | null)?.range?.[0] ?? 0;
    for (let i = 0; i < path.length; i++) {
      const seg = path[i];
      const last = i === path.length - 1;
      if (isMap(node)) {
        const pair = node.items.find(
          (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg),
        );
        if (!pair) break;
        const keyStart = (pair.key as Node).range?.[0];
        const valueStart = (pair.value as Node | null)?.range?.[0];
        offset = (last && onKey ? keyStart : (valueStart ?? keyStart)) ?? offset;
        node = pair.value;
      } else if (isSeq(node) && typeof seg === 'number' && seg < node.items.length) {
        node = node.items[seg];
        offset = (node as Node).range?.[0] ?? offset;
      } else {
        break;
      }
    }
    return lines.linePos(offset);
  }

  problem(path: KeyPath, message: ProblemText, onKey = false): Problem {
    const { line, col } = this.position(path, onKey);
    return { file: this.file, line, col, path: formatKeyPath(path), ...problemText(message) };
  }
}
